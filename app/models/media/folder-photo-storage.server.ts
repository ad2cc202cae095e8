import { randomBytes } from 'node:crypto'
import { link, mkdir, readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { PhotoStorage } from './photo-storage'

export const uploadsFolder = (dataDir: string) => path.join(dataDir, 'uploads')

function ignoreMissingFile(error: NodeJS.ErrnoException): undefined {
  if (error.code === 'ENOENT') return undefined
  throw error
}

/** Photos as files in `folder`, the store of a single machine. */
export function folderPhotoStorage(folder: string): PhotoStorage {
  const fileOf = (name: string) => path.join(folder, path.basename(name))

  async function put(name: string, body: Buffer) {
    const file = fileOf(name)
    const existing = await readFile(file).catch(ignoreMissingFile)
    if (existing) return existing.equals(body) ? 'already-there' : 'taken'
    await mkdir(folder, { recursive: true })
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
    await writeFile(temporary, body)
    try {
      // link, unlike rename, never replaces: a different photo that took this name a moment ago keeps it.
      await link(temporary, file)
      return 'written'
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      return (await readFile(file)).equals(body) ? 'already-there' : 'taken'
    } finally {
      await unlink(temporary)
    }
  }

  async function modifiedAt(name: string) {
    const info = await stat(fileOf(name)).catch(ignoreMissingFile)
    return info?.isFile() ? info.mtimeMs : undefined
  }

  async function* list() {
    const names = await readdir(folder).catch(ignoreMissingFile)
    for (const name of names ?? []) {
      if (name.endsWith('.tmp')) continue
      const info = await stat(path.join(folder, name)).catch(ignoreMissingFile)
      if (info?.isFile()) yield { name, bytes: info.size }
    }
  }

  return {
    location: folder,
    put,
    get: (name) => readFile(fileOf(name)).catch(ignoreMissingFile),
    modifiedAt,
    delete: (name) => unlink(fileOf(name)).catch(ignoreMissingFile),
    list,
  }
}
