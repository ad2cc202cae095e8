/** The text of a script of app/document/browser-scripts/ as Vite builds it (vite-plugins/browser-scripts.ts). */
declare module 'virtual:browser-script/*' {
  const script: string
  export default script
}
