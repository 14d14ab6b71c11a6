// The espeak-ng package (eSpeak NG's command line compiled to WebAssembly) ships no types: the Emscripten module
// options and the in-memory file system this server uses.
declare module 'espeak-ng' {
  interface ESpeakModule {
    FS: { readFile(path: string): Uint8Array };
  }
  interface ESpeakOptions {
    arguments: string[];
    instantiateWasm?: (imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) => object;
    print?: (text: string) => void;
    printErr?: (text: string) => void;
  }
  const ESpeakNg: (options: ESpeakOptions) => Promise<ESpeakModule>;
  export default ESpeakNg;
}
