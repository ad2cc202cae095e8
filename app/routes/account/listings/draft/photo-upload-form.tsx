import { type DragEvent, type InputHTMLAttributes, useEffect, useId, useRef, useState } from 'react'
import { useRevalidator } from 'react-router'
import { maxListingPhotos } from '~/models/sellers/listing-draft'
import {
  formatMegabytes,
  maxPhotoBytes,
  photoFieldName,
  photoFileTypes,
  photosLeftOutMessage,
  photoTooLargeMessage,
  quotedFileName,
} from '~/models/sellers/photo-upload-rules'

interface PhotoUploadFormProps {
  /** The draft's upload path (draftPhotoUploadPath). */
  action: string
  /** How many more photos the listing takes. */
  remainingSlots: number
}

interface Upload {
  id: number
  file: File
  previewUrl: string
  sentBytes: number
  status: 'waiting' | 'sending' | 'added' | 'failed'
  message?: string
}

/** The machine serving the upload stores two photos at a time; more requests would only wait there. */
const MAX_PARALLEL_UPLOADS = 2

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`

/**
 * A listing's photo upload (issue 15 §3). Without scripts, a plain multipart form posting every
 * chosen photo at once, answered by a redirect to the photos step. Once the page has hydrated, a
 * drop zone: each photo shows a preview and its progress and is sent on its own (XMLHttpRequest,
 * for upload progress), two at a time, so one slow or refused photo holds up no other.
 */
export function PhotoUploadForm({ action, remainingSlots }: PhotoUploadFormProps) {
  const [isEnhanced, setIsEnhanced] = useState(false)
  useEffect(() => setIsEnhanced(true), [])
  const inputId = useId()
  const hintId = useId()
  const isFull = remainingSlots <= 0
  const hint = isFull
    ? `This listing has its ${maxListingPhotos} photos: delete one to add another.`
    : `JPEG, PNG, WebP or HEIC, up to ${formatMegabytes(maxPhotoBytes)} each. ${plural(remainingSlots, 'more photo')} ${remainingSlots === 1 ? 'fits' : 'fit'} in this listing.`
  if (isEnhanced) return <DropZone action={action} remainingSlots={remainingSlots} hint={hint} isFull={isFull} />
  return (
    <form method="post" encType="multipart/form-data" action={action} className="rounded-lg border border-ink/15 bg-white p-4">
      <label htmlFor={inputId} className="block font-semibold">
        Add photos
      </label>
      <p id={hintId} className="text-sm text-ink/70">
        {hint}
      </p>
      <PhotoFileInput id={inputId} hintId={hintId} isFull={isFull} required className="mt-2 block w-full" />
      <button type="submit" disabled={isFull} className="mt-3 rounded-md bg-brand px-4 py-2 font-semibold text-brand-contrast hover:bg-brand/90 disabled:opacity-50">
        Upload photos
      </button>
    </form>
  )
}

/** The file input of both looks: the field the server reads, the types a chooser offers, the hint read out with it. */
function PhotoFileInput({
  id,
  hintId,
  isFull,
  ...rest
}: { id: string; hintId: string; isFull: boolean } & Pick<InputHTMLAttributes<HTMLInputElement>, 'className' | 'required' | 'onChange'>) {
  return <input id={id} type="file" name={photoFieldName} multiple accept={photoFileTypes} disabled={isFull} aria-describedby={hintId} {...rest} />
}

/** Sends one photo; resolves with the server's sentence when it was not added. */
function sendPhoto(action: string, file: File, onProgress: (sentBytes: number) => void, requests: Set<XMLHttpRequest>) {
  return new Promise<{ isAdded: boolean; message?: string }>((resolve) => {
    const request = new XMLHttpRequest()
    requests.add(request)
    request.open('POST', action)
    request.setRequestHeader('Accept', 'application/json')
    request.responseType = 'json'
    request.upload.onprogress = (event) => onProgress(event.loaded)
    request.onloadend = () => {
      requests.delete(request)
      const answer = request.response as { stored?: unknown[]; failures?: { message: string }[] } | null
      if (answer?.failures?.length) resolve({ isAdded: false, message: answer.failures.map((failure) => failure.message).join(' ') })
      else if (answer?.stored?.length) resolve({ isAdded: true })
      else if (request.status === 0) resolve({ isAdded: false, message: `${quotedFileName(file.name)} was not sent: the connection was lost. Upload it again.` })
      // A page instead of an answer: the session ended (the login page) or the draft is gone.
      else resolve({ isAdded: false, message: `${quotedFileName(file.name)} was not added: reload this page and upload it again.` })
    }
    const body = new FormData()
    body.append(photoFieldName, file)
    request.send(body)
  })
}

/** Lets go of previews that are no longer shown. */
function revokePreviews(gone: Upload[], previews: Set<string>) {
  for (const upload of gone) {
    URL.revokeObjectURL(upload.previewUrl)
    previews.delete(upload.previewUrl)
  }
}

function DropZone({ action, remainingSlots, hint, isFull }: PhotoUploadFormProps & { hint: string; isFull: boolean }) {
  const [uploads, setUploads] = useState<Upload[]>([])
  const [isDragging, setIsDragging] = useState(false)
  const [summary, setSummary] = useState('')
  const nextId = useRef(0)
  const started = useRef(new Set<number>())
  const isBatchOpen = useRef(false)
  const requests = useRef(new Set<XMLHttpRequest>())
  const previews = useRef(new Set<string>())
  const { revalidate } = useRevalidator()
  const inputId = useId()
  const hintId = useId()

  useEffect(() => {
    const open = requests.current
    const urls = previews.current
    return () => {
      for (const request of open) request.abort()
      for (const url of urls) URL.revokeObjectURL(url)
    }
  }, [])

  // Starts waiting photos while fewer than two are being sent; once the batch is over, says how it went
  // and has the page reload its photos.
  useEffect(() => {
    const update = (id: number, change: Partial<Upload>) => setUploads((current) => current.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)))
    const sending = uploads.filter((upload) => upload.status === 'sending').length
    const next = uploads.filter((upload) => upload.status === 'waiting' && !started.current.has(upload.id)).slice(0, MAX_PARALLEL_UPLOADS - sending)
    for (const upload of next) {
      started.current.add(upload.id)
      update(upload.id, { status: 'sending' })
      void sendPhoto(action, upload.file, (sentBytes) => update(upload.id, { sentBytes }), requests.current).then(({ isAdded, message }) =>
        update(upload.id, isAdded ? { status: 'added', sentBytes: upload.file.size } : { status: 'failed', message }),
      )
    }
    if (!isBatchOpen.current || uploads.some((upload) => upload.status === 'waiting' || upload.status === 'sending')) return
    isBatchOpen.current = false
    const added = uploads.filter((upload) => upload.status === 'added')
    const failed = uploads.length - added.length
    const notAdded = failed > 0 ? `${plural(failed, 'photo')} not added: see why below.` : ''
    setSummary(added.length > 0 ? `${plural(added.length, 'photo')} added. ${notAdded}`.trim() : `No photo was added: see why below.`)
    if (added.length === 0) return
    // The added photos now show in the page's list, so they leave this one.
    void revalidate().then(() => {
      setUploads((current) => current.filter((upload) => !added.some((done) => done.id === upload.id)))
      revokePreviews(added, previews.current)
    })
  }, [uploads, action, revalidate])

  function addFiles(files: FileList | null) {
    if (!files?.length) return
    // A new batch starts clean: the last one's refusals have been read.
    const earlier = uploads.filter((upload) => upload.status === 'failed')
    revokePreviews(earlier, previews.current)
    let room = remainingSlots - uploads.filter((upload) => upload.status !== 'failed').length
    const chosen = [...files].map((file): Upload => {
      const previewUrl = URL.createObjectURL(file)
      previews.current.add(previewUrl)
      const upload: Upload = { id: (nextId.current += 1), file, previewUrl, sentBytes: 0, status: 'waiting' }
      // Refused here what the server would refuse only after the whole file had crossed the connection.
      if (file.size > maxPhotoBytes) return { ...upload, status: 'failed', message: photoTooLargeMessage(file.name, maxPhotoBytes) }
      if (room <= 0) return { ...upload, status: 'failed', message: photosLeftOutMessage(remainingSlots, [file.name]) }
      room -= 1
      return upload
    })
    isBatchOpen.current = true
    setSummary('')
    setUploads((current) => [...current.filter((upload) => !earlier.includes(upload)), ...chosen])
  }

  function drop(event: DragEvent<HTMLElement>) {
    event.preventDefault()
    setIsDragging(false)
    if (!isFull) addFiles(event.dataTransfer.files)
  }

  const inProgress = uploads.filter((upload) => upload.status === 'waiting' || upload.status === 'sending').length
  const announcement = inProgress > 0 ? `Uploading photos: ${uploads.length - inProgress} of ${uploads.length} done.` : summary

  return (
    <form method="post" encType="multipart/form-data" action={action} onSubmit={(event) => event.preventDefault()}>
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault()
          setIsDragging(true)
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={drop}
        className={`flex cursor-pointer flex-col items-center gap-1 rounded-lg border-2 border-dashed p-6 text-center focus-within:outline focus-within:outline-[3px] focus-within:outline-offset-2 focus-within:outline-accent ${isDragging ? 'border-brand bg-brand/10' : 'border-ink/30 bg-white'} ${isFull ? 'cursor-not-allowed opacity-60' : ''}`}
      >
        <span className="font-semibold">Drag photos here, or choose them</span>
        <span id={hintId} className="text-sm text-ink/70">
          {hint}
        </span>
        <PhotoFileInput
          id={inputId}
          hintId={hintId}
          isFull={isFull}
          className="sr-only"
          onChange={(event) => {
            addFiles(event.currentTarget.files)
            event.currentTarget.value = ''
          }}
        />
        <span aria-hidden="true" className="mt-2 rounded-md bg-brand px-4 py-2 font-semibold text-brand-contrast">
          Choose photos
        </span>
      </label>
      <p aria-live="polite" className="mt-2 text-sm font-medium">
        {announcement}
      </p>
      {uploads.length > 0 ? (
        <ul className="mt-3 grid grid-cols-2 gap-3 small:grid-cols-4">
          {uploads.map((upload) => (
            <li key={upload.id} className="rounded-md border border-ink/15 bg-white p-2 text-sm">
              {/* A HEIC preview most browsers cannot draw: the name and progress still show. */}
              <img
                src={upload.previewUrl}
                alt=""
                className="aspect-[4/3] w-full rounded bg-ink/5 object-cover"
                onError={(event) => {
                  event.currentTarget.style.visibility = 'hidden'
                }}
              />
              <p className="mt-1 truncate" title={upload.file.name}>
                {upload.file.name}
              </p>
              {upload.status === 'failed' ? (
                <p className="mt-1 font-medium text-red-800">{upload.message}</p>
              ) : (
                <progress value={upload.sentBytes} max={upload.file.size || 1} aria-label={`Upload of ${upload.file.name}`} className="mt-1 w-full" />
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </form>
  )
}
