import Foundation
import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd

/// The diagnostic catalog (`DiagnosticGroup`): every entry complete, every name unique, and every
/// wrong example of a spec or a run producing its own group while the right one produces nothing.
/// (The `.run` examples are run in `SpinDSLRunnerTests/CatalogTests`, the `.command` entries
/// through the binary in `SpinrunTests/CatalogCommandTests`.)
@Suite struct CatalogTests {
    /// The entries no small example reproduces, each with its reason in the catalog.
    static let unreproducible: Set<DiagnosticGroup> = [
        .permissionDenied, .yamlOutOfMemory, .invalidUTF8, .yamlReaderError, .effectFailed, .effectTimeout,
        .effectAnswerUnknownEvent, .effectAnswerInvalidField, .effectAnswerUnknownField, .internalError,
        .specWithoutSpins, .dataFieldReadType, .checkOutOfMemory, .trailNotOfSpec, .spinNotFound, .spinFailed,
        .graphvizNotFound, .graphvizFailed,
    ]

    @Test func groupNamesAreUniquePascalCaseWords() {
        let names = DiagnosticGroup.allCases.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(Set(names.map { $0.lowercased() }).count == names.count, "names that differ only in case cannot both be looked up")
        for name in names {
            #expect(name.first?.isUppercase == true && name.allSatisfy { $0.isLetter || $0.isNumber }, "\(name)")
        }
    }

    @Test func everyGroupHasExactlyOneEntryInTheStageTables() {
        var counts: [DiagnosticGroup: Int] = [:]
        for table in DiagnosticCatalog.stages {
            for (group, _) in table { counts[group, default: 0] &+= 1 }
        }
        for group in DiagnosticGroup.allCases {
            #expect(counts[group] == 1, "\(group.name): \(counts[group] ?? 0) entries in the catalog's tables")
        }
    }

    @Test func everyEntryHasAMessageAnExplanationAndTwoDifferentExamples() {
        for group in DiagnosticGroup.allCases {
            let entry = group.entry
            #expect(!entry.message.isEmpty && !entry.message.hasSuffix("."), "\(group.name): message")
            #expect(entry.hint.map { !$0.isEmpty && !$0.hasSuffix(".") } ?? true, "\(group.name): hint")
            #expect(entry.explanation.count > 20, "\(group.name): explanation")
            #expect(!entry.wrong.isEmpty && !entry.right.isEmpty, "\(group.name): examples")
            #expect(entry.wrong != entry.right, "\(group.name): the examples are the same")
        }
    }

    @Test func exactlyTheListedEntriesAreUnreproducible() {
        let marked = Set(DiagnosticGroup.allCases.filter { if case .unreproducible = $0.entry.origin { true } else { false } })
        #expect(marked == Self.unreproducible)
    }

    @Test func templatesAreFilledByName() {
        #expect(DiagnosticEntry.fill("unknown event '{event}'", ["event": "tick"]) == "unknown event 'tick'")
        #expect(DiagnosticEntry.fill("add 'with: { {pairs} }'", ["pairs": "amount: …"]) == "add 'with: { amount: … }'")
        #expect(DiagnosticEntry.fill("write '{{}}' or {x}", ["y": 1]) == "write '{{}}' or {x}")
        #expect(DiagnosticEntry.fill("{a}{b}{a}", ["a": 1, "b": "-"]) == "1-1")
    }

    @Test func diagnosticsTakeSeverityMessageAndHintFromTheCatalog() {
        let location = SourceLocation(file: "spec.yaml", line: 2, column: 3)
        let plain = Diagnostic(.scriptEmitsNonInput, at: location, ["event": "tick", "spin": "Counter"])
        #expect(plain.group == .scriptEmitsNonInput)
        #expect(plain.severity == .error)
        #expect(plain.message == "the script emits 'tick', which is not an input of spin 'Counter'")
        #expect(plain.hint == "add 'tick' to 'inputs'")
        let suggested = Diagnostic(.unknownKey, at: location, ["key": "sett", "context": "in transition", "allowed": "'set'"], suggestion: "did you mean 'set'?")
        #expect(suggested.hint == "did you mean 'set'?")
        #expect(Diagnostic(.neverEmittedEvent, at: location, ["event": "x", "spin": "S"]).severity == .warning)
        #expect(DiagnosticRenderer(sources: []).render(plain)
            == "spec.yaml:2:3: error: the script emits 'tick', which is not an input of spin 'Counter' [#ScriptEmitsNonInput]\nhint: add 'tick' to 'inputs'\n")
    }

    @Test func groupsAreFoundByNameInAnyCase() {
        #expect(DiagnosticGroup.named("UnknownEvent") == .unknownEvent)
        #expect(DiagnosticGroup.named("unknownevent") == .unknownEvent)
        #expect(DiagnosticGroup.named("UnknownEvents") == nil)
        #expect(DiagnosticGroup.suggestion(for: "UnknownEvents") == "did you mean 'UnknownEvent'?")
        #expect(DiagnosticGroup.suggestion(for: "Zzzzzzzz") == nil)
    }

    @Test func explanationShowsTemplatesTextAndExamples() {
        #expect(DiagnosticGroup.scriptStepWithoutEvent.explanation == """
            ScriptStepWithoutEvent (error): script step has no 'emit' event
            hint: add 'emit:' with the input event

            Each step of a script emits one input event, named by 'emit'.

            Wrong:
                spin: Counter
                data:
                  count: 0
                events: [tick]
                inputs: [tick]
                transitions:
                  - { on: tick, set: { count: count + 1 } }
                script:
                  - { at: 1s }

            Right:
                spin: Counter
                data:
                  count: 0
                events: [tick]
                inputs: [tick]
                transitions:
                  - { on: tick, set: { count: count + 1 } }
                script:
                  - { at: 1s, emit: tick }

            """)
        #expect(DiagnosticGroup.fileNotFound.explanation.contains("Wrong:\n    $ spinrun --validate Specs/turnstyle.yaml\n"))
        let list = DiagnosticGroup.list.split(separator: "\n")
        #expect(list.count == DiagnosticGroup.allCases.count)
        #expect(list.contains("UnknownEvent                 error    unknown event '{event}'"))
    }

    /// Loading each wrong example reports its group; loading the right one reports nothing.
    @Test(arguments: DiagnosticGroup.allCases.filter { $0.entry.origin == .spec })
    func wrongSpecExampleReportsItsGroup(_ group: DiagnosticGroup) {
        let wrong = TestSpec.load(text: group.entry.wrong, path: "wrong.yaml")
        #expect(wrong.diagnostics.contains { $0.group == group }, "\(group.name) not in:\n\(wrong.renderedDiagnostics)")
        let right = TestSpec.load(text: group.entry.right, path: "right.yaml")
        #expect(right.diagnostics.isEmpty, "\(group.name)'s right example:\n\(right.renderedDiagnostics)")
    }
}
