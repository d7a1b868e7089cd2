// `import SpinDSL` gives a host the whole language, as it did when it was one module: the front
// end (reading, resolving, modelling, analysing and drawing a spec), the runner (compiling it onto
// the Spin core and running it) and the checker (exploring it, exporting Promela).
@_exported import SpinDSLChecker
@_exported import SpinDSLFrontEnd
@_exported import SpinDSLRunner
@_exported import SpinDSLSwift
