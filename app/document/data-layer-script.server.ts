import { createHash } from 'node:crypto'
import dataLayerRuntimeFile from 'virtual:browser-script/data-layer-runtime'

/** The data layer's script file, the same for every site and page: browser-scripts/data-layer-runtime.ts as Vite builds it. */
export { dataLayerRuntimeFile }

/** Where the file is: its address changes with its text, so it is cached for good. */
export const dataLayerRuntimePath = `/data-layer/${createHash('sha256').update(dataLayerRuntimeFile).digest('hex').slice(0, 12)}.js`
