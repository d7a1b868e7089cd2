import Foundation
import SpinTestSupport
import Testing

/// Checks `Specs/spin.schema.json` (the JSON Schema editors use through yaml-language-server) against
/// the example specs in `Specs/`, with Python's `jsonschema`.
///
/// Needs `python3` with `jsonschema` 4.x and PyYAML: `pip install jsonschema pyyaml`.
@Suite struct SchemaTests {
    static let specsDirectory = packageRootURL.appendingPathComponent("Specs")
    static let schemaPath = specsDirectory.appendingPathComponent("spin.schema.json").path

    /// The example specs: every `Specs/*.yaml` (not `Specs/invalid/`).
    static let exampleSpecs: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: specsDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted()
    }()

    /// Validates with Draft 7 (what yaml-language-server implements; the schema declares it) and
    /// with Draft 2020-12: the schema keeps to what both read alike. The YAML is read with YAML 1.2 booleans (only `true`/`false`),
    /// as the spec reader and yaml-language-server do: PyYAML alone follows YAML 1.1, where `on:`
    /// (a transition's event key) and `off` would be booleans.
    /// Arguments: the schema, then the specs (none: only check the schema itself).
    static let validator = #"""
        import json, re, sys, yaml
        from jsonschema import Draft7Validator, Draft202012Validator
        class Loader(yaml.SafeLoader):
            pass
        Loader.yaml_implicit_resolvers = {
            k: [(t, r) for (t, r) in v if t != "tag:yaml.org,2002:bool"]
            for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()}
        Loader.add_implicit_resolver("tag:yaml.org,2002:bool",
            re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
        with open(sys.argv[1]) as f:
            schema = json.load(f)
        status = 0
        for draft in (Draft7Validator, Draft202012Validator):
            draft.check_schema(schema)
            validator = draft(schema)
            for path in sys.argv[2:]:
                with open(path) as f:
                    document = yaml.load(f, Loader=Loader)
                for error in sorted(validator.iter_errors(document), key=lambda e: [str(p) for p in e.absolute_path]):
                    where = "/".join(str(p) for p in error.absolute_path)
                    print(f"{path}: /{where}: {error.message} ({draft.__name__})", file=sys.stderr)
                    status = 1
        sys.exit(status)
        """#

    struct Run {
        var status: Int32
        var standardError: String
    }

    /// Runs the validator on `specs` (paths).
    static func validate(_ specs: [String]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", validator, schemaPath] + specs
        let standardError = Pipe()
        process.standardError = standardError
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = standardError.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, standardError: String(decoding: data, as: UTF8.self))
    }

    static let missingModulesHint = "(needs python3 with jsonschema 4.x and PyYAML: pip install jsonschema pyyaml)"

    @Test func schemaIsAValidDraft7AndDraft202012Schema() throws {
        let run = try Self.validate([])
        #expect(run.status == 0, "\(run.standardError) \(Self.missingModulesHint)")
        #expect(run.standardError.isEmpty, "\(run.standardError)")
    }

    @Test func theExampleSpecsAreThere() {
        for name in ["counter", "levels", "gear", "movies", "traffic-light", "thermostat", "turnstile", "vending", "http-retry"] {
            #expect(Self.exampleSpecs.contains("\(name).yaml"), "Specs/\(name).yaml is missing")
        }
    }

    @Test(arguments: exampleSpecs)
    func exampleSpecConformsToTheSchema(_ name: String) throws {
        let run = try Self.validate([Self.specsDirectory.appendingPathComponent(name).path])
        #expect(run.status == 0, "\(run.standardError) \(Self.missingModulesHint)")
        #expect(run.standardError.isEmpty, "\(run.standardError)")
    }

    @Test(arguments: exampleSpecs)
    func exampleSpecNamesTheSchemaForEditors(_ name: String) throws {
        let text = try String(contentsOf: Self.specsDirectory.appendingPathComponent(name), encoding: .utf8)
        #expect(text.hasPrefix("# yaml-language-server: $schema=spin.schema.json\n"))
    }

    /// Specs the schema must reject, each with one mistake.
    static let rejectedSpecs: [(String, String)] = [
        ("unknown top-level key", "spin: A\nstatez: [a]\n"),
        ("unknown key in a spin of a multi-spin file", "spins:\n  A: { foo: 1 }\n"),
        ("spin and spins together", "spin: A\nspins: { B: {} }\n"),
        ("a spin key next to spins", "spins: { A: {} }\nstates: [a]\n"),
        ("two triggers", "spin: A\nevents: [e]\nfeedbacks: { r: { when: true, becomes: true, emit: e } }\n"),
        ("two actions", "spin: A\nevents: [e]\nfeedbacks: { r: { emit: e, render: x } }\n"),
        ("a duration without unit", "spin: A\nevents: [e]\nfeedbacks: { r: { when: true, after: 3, emit: e } }\n"),
        ("every with catch", "spin: A\nevents: [e]\nfeedbacks: { r: { catch: g.x, every: 1s, emit: e } }\n"),
        ("a transition with an unknown key", "spin: A\nevents: [e]\ntransitions: [ { on: e, too: a } ]\n"),
        ("a state with both states and parallel", "spin: A\nstates:\n  s: { states: { a: {} }, parallel: { b: {} } }\n"),
        ("an unknown history", "spin: A\nstates:\n  s: { history: last, states: [a, b] }\n"),
        ("an unknown key in an entry action", "spin: A\nstates:\n  s: { entry: { sett: { n: 1 } } }\n"),
        ("a target that is neither a state nor a history", "spin: A\nevents: [e]\ntransitions: [ { on: e, to: 'history(a' } ]\n"),
        ("an enum without values", "spin: A\ndata: { m: { type: enum, initial: a } }\n"),
        // Draft 7 reads neither `prefixItems` nor `dependentRequired`: these two passed it.
        ("a range of names", "spin: A\ndata: { x: { type: double, initial: 0, range: [lo, hi] } }\n"),
        ("transitions without events", "spin: A\nstates: [a, b]\ntransitions: [ { from: a, to: b } ]\n"),
    ]

    @Test(arguments: rejectedSpecs)
    func schemaRejects(_ mistake: String, _ text: String) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("SchemaTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = directory.appendingPathComponent("spec.yaml")
        try text.write(to: spec, atomically: true, encoding: .utf8)
        let run = try Self.validate([spec.path])
        #expect(run.status != 0, "accepted: \(mistake)")
        // Each draft refuses it.
        for draft in ["Draft7Validator", "Draft202012Validator"] {
            #expect(run.standardError.contains("(\(draft))"), "\(draft) accepted: \(mistake); \(run.standardError) \(Self.missingModulesHint)")
        }
        #expect(run.standardError.contains(spec.path), "\(run.standardError) \(Self.missingModulesHint)")
    }
}
