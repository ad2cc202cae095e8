/** The data layer's script file as text (vite-plugins/data-layer-runtime.ts). */
declare module 'virtual:data-layer-runtime' {
  const script: string
  export default script
}
