// Apple's Combine where it can be imported, OpenCombine (the same API) elsewhere.
#if canImport(Combine)
@_exported import Combine
#else
@_exported import OpenCombine
#endif
