import Testing
@testable import SpinDSL
@testable import SpinDSLChecker
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

@Suite struct SpinSpecTests {
    /// Where the compiled tables of `compiled` are: the same for the same compilation.
    private static func tablesAddress(_ compiled: CompiledSpec?) -> UnsafeRawPointer? {
        compiled?.tables.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test("a spec is compiled once: every use of `compiled`, and of a copy's, gives the same tables")
    func compiledOnce() throws {
        let spec = SpinSpec.load(text: "spin: Counter\ndata: { count: 0 }\nevents: [tick]\ntransitions:\n  - { on: tick, set: { count: count + 1 } }\n")
        let first = try #require(spec.compiled)
        let second = spec.compiled
        let copy = spec
        #expect(Self.tablesAddress(first) != nil)
        #expect(Self.tablesAddress(first) == Self.tablesAddress(second))
        #expect(Self.tablesAddress(first) == Self.tablesAddress(copy.compiled))
    }

    @Test("a spec with an error has no compiled form")
    func noCompiledFormWithErrors() {
        let spec = SpinSpec.load(text: "spin: Counter\ntransitions:\n  - { on: tick }\n")
        #expect(spec.hasErrors)
        #expect(spec.compiled == nil)
    }
}
