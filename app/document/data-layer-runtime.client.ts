import { dataLayerRuntime, dataLayerRuntimeOptions } from './data-layer-runtime'

// The entry Vite builds into the data layer's script file (vite.config.ts, `dataLayerRuntimeScript`).
dataLayerRuntime(dataLayerRuntimeOptions)
