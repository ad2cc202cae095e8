import { dataLayerRuntime, dataLayerRuntimeOptions } from './data-layer'

// The data layer's script file (data-layer-script.server.ts): the runtime, run once it has been added after the first view.
dataLayerRuntime(dataLayerRuntimeOptions)
