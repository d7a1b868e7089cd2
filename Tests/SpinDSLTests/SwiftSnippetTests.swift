import Foundation
import SpinTestSupport
import Testing

/// Every ```swift block of README.md and docs/*.md is a complete program: it is compiled as a
/// `main.swift` (top-level code, as a reader would paste it) against the Spin and SpinDSL this test
/// run was built from, warnings as errors, then run from the package root. When an ```output
/// block follows it (before the next ```swift block), the program's stdout must be exactly that.
///
/// Compiling against the build's own modules and object files (the list SwiftPM linked this test
/// bundle from) takes a second per snippet; a package depending on this one would rebuild it all.
@Suite struct SwiftSnippetTests {
    /// One ```swift block: where it is, its code, and the output shown after it.
    struct Snippet: CustomTestStringConvertible, Sendable {
        let file: String
        let line: Int
        let code: String
        let output: String?

        var testDescription: String { "\(file):\(line)" }
    }

    /// The documents whose snippets are checked: README.md and every docs/*.md.
    static let documents: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: "\(packageRoot)/docs")) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }()

    static let snippets: [Snippet] = documents.flatMap { document in
        snippets(in: (try? String(contentsOfFile: "\(packageRoot)/\(document)", encoding: .utf8)) ?? "", file: document)
    }

    /// The ```swift blocks of a Markdown text, each with the ```output block after it, if any.
    static func snippets(in text: String, file: String) -> [Snippet] {
        var found: [Snippet] = []
        var fence: (info: String, line: Int, lines: [Substring])?
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if var open = fence {
                if line.hasPrefix("```") {
                    let body = open.lines.joined(separator: "\n") + "\n"
                    if open.info == "swift" {
                        found.append(Snippet(file: file, line: open.line, code: body, output: nil))
                    } else if open.info == "output", let last = found.last, last.file == file, last.output == nil {
                        found[found.count - 1] = Snippet(file: file, line: last.line, code: last.code, output: body)
                    }
                    fence = nil
                } else {
                    open.lines.append(line)
                    fence = open
                }
            } else if line.hasPrefix("```") {
                fence = (String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces), offset + 1, [])
            }
        }
        return found
    }

    @Test func theDocumentsHaveSnippets() {
        #expect(Self.snippets.count >= 3, "README.md lost its Swift examples?")
        let parsed = Self.snippets(in: "```swift\nprint(1)\n```\n\ntext\n\n```output\n1\n```\n```swift\nlet x = 2\n```\n", file: "t.md")
        #expect(parsed.map(\.line) == [1, 10])
        #expect(parsed.map(\.code) == ["print(1)\n", "let x = 2\n"])
        #expect(parsed.map(\.output) == ["1\n", nil])
    }

    @Test(arguments: snippets)
    func snippetCompilesAndRuns(_ snippet: Snippet) throws {
        let build = try #require(Self.build, "the build directory of this test run (with Modules/ and the link file list) was not found")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("snippet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let source = scratch.appendingPathComponent("main.swift")
        try Data(snippet.code.utf8).write(to: source)
        let executable = scratch.appendingPathComponent("snippet")

        let compiled = try Self.run("/usr/bin/env", [
            "swiftc", "-swift-version", "6", "-warnings-as-errors", "-I", build.modules,
            "-Xcc", "-fmodule-map-file=\(packageRoot)/Sources/CYAML/module.modulemap",
            source.path, "-o", executable.path,
        ] + Self.sanitizerFlags + Self.openCombineHelpers(build.modules).flags + build.objects + ["-lyaml"]
            + Self.openCombineHelpers(build.modules).libraries, in: scratch.path)
        try #require(compiled.status == 0, "\(snippet.testDescription) does not compile:\n\(compiled.stderr)")

        let ran = try Self.run(executable.path, [], in: packageRoot, environment: Self.snippetEnvironment)
        #expect(ran.status == 0, "\(snippet.testDescription) exited \(ran.status):\n\(ran.stderr)")
        #expect(ran.stderr == "", "\(snippet.testDescription) wrote to stderr")
        if let output = snippet.output {
            #expect(ran.stdout == output, "\(snippet.testDescription) printed something else than the ```output block after it")
        }
    }

    /// OpenCombine (under SpinCombine, where Apple's Combine is missing) imports its C helpers'
    /// module, whose module map SwiftPM wrote beside their objects; they are C++, linked with
    /// its library.
    static func openCombineHelpers(_ modules: String) -> (flags: [String], libraries: [String]) {
        let map = URL(fileURLWithPath: modules).deletingLastPathComponent()
            .appendingPathComponent("COpenCombineHelpers.build/module.modulemap").path
        guard FileManager.default.fileExists(atPath: map) else { return ([], []) }
        return (["-Xcc", "-fmodule-map-file=\(map)"], ["-lstdc++"])
    }

    /// The modules a snippet may import, and what they import: their objects are linked in.
    static let linkedModules = ["Spin", "SpinDSL", "SpinDSLChecker", "SpinDSLRunner", "SpinDSLFrontEnd", "SpinCombine", "OpenCombine", "COpenCombineHelpers"]

    /// Where this test run's Spin and SpinDSL are: the `Modules` directory and the object files
    /// SwiftPM linked into this test bundle (the list it wrote, so no stale object is taken).
    static let build: (modules: String, objects: [String])? = {
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "", relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL
        var directory = executable.deletingLastPathComponent()
        for _ in 0..<4 {
            let modules = directory.appendingPathComponent("Modules")
            let products = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            if FileManager.default.fileExists(atPath: modules.appendingPathComponent("SpinDSL.swiftmodule").path),
               let product = products.first(where: { $0.hasSuffix("PackageTests.product") }),
               let list = try? String(contentsOfFile: directory.appendingPathComponent("\(product)/Objects.LinkFileList").path, encoding: .utf8) {
                let objects = list.split(separator: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "'\"")) }
                    .filter { object in Self.linkedModules.contains { object.contains("/\($0).build/") } }
                return objects.isEmpty ? nil : (modules.path, objects)
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }()

    /// The sanitizer this test bundle was built with, if any (`.ci/run` runs the suites under the
    /// thread and address sanitizers): the snippets link against its object files, so they are
    /// built with the same one. Told by the sanitizer's runtime being loaded in this process.
    static let sanitizerFlags: [String] = {
        guard let process = dlopen(nil, RTLD_NOW) else { return [] }
        defer { dlclose(process) }
        if dlsym(process, "__tsan_init") != nil { return ["-sanitize=thread"] }
        if dlsym(process, "__asan_init") != nil { return ["-sanitize=address"] }
        return []
    }()

    /// What a snippet runs with: under the address sanitizer, without its leak check at exit. A
    /// snippet keeps its spec and runtime in globals until it exits, and Swift stores some of
    /// those references in forms LeakSanitizer cannot follow (enum payload pointers with tag bits,
    /// refcount words naming a weak reference's side table), so every snippet "leaked" a few
    /// hundred bytes it still held. The test bundle's own runs, which release what they make,
    /// keep the leak check.
    static let snippetEnvironment: [String: String]? = {
        guard sanitizerFlags == ["-sanitize=address"] else { return nil }
        var environment = ProcessInfo.processInfo.environment
        let options = environment["ASAN_OPTIONS"].map { $0 + ":" } ?? ""
        environment["ASAN_OPTIONS"] = options + "detect_leaks=0"
        return environment
    }()

    /// Runs a program to its end (at most two minutes) and returns what it wrote.
    private static func run(
        _ program: String, _ arguments: [String], in directory: String, environment: [String: String]? = nil
    ) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        if let environment { process.environment = environment }
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let watchdog = DispatchWorkItem { process.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: watchdog)
        // Both pipes are read while the program runs: a full pipe would block it.
        let errors = DispatchGroup()
        nonisolated(unsafe) var err = Data()
        DispatchQueue.global().async(group: errors) { err = stderr.fileHandleForReading.readDataToEndOfFile() }
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        errors.wait()
        process.waitUntilExit()
        watchdog.cancel()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}
