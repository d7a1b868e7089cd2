import Foundation

/// Headless Chromium (Debian's `chromium`) for the viewer's tests: `--dump-dom` of a page, a
/// screenshot, and the DevTools driver `Tests/Viewer/driver.py`.
enum Chromium {
    /// `chromium` (or `chromium-browser`) on the PATH, or nil.
    static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for name in ["chromium", "chromium-browser"] {
            for directory in path.split(separator: ":") {
                let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
        }
        return nil
    }()

    /// Whether the tests can run a browser.
    static var installed: Bool { executable != nil }

    /// Whether `python3` has `websocket` (PyPI's websocket-client), which the driver talks with.
    static let driverIsReady: Bool = {
        guard installed else { return false }
        return (try? python(["-c", "import websocket"]).status) == 0
    }()

    /// The options every run takes: headless, no sandbox (CI runs as root), no GPU, and a profile
    /// of its own so that several can run at once.
    static func options(profile: URL) -> [String] {
        ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + profile.path]
    }

    /// `dumpDOM` on a thread of its own: a test that waits minutes for browsers must not hold
    /// one of the few threads of Swift's cooperative pool (on two cores, two), or the async tests
    /// running beside it starve past their time limits.
    static func dumpDOMOffThePool(_ urls: [String], parallel: Int = 4) async throws -> [String] {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[String], any Error>) in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try dumpDOM(urls, parallel: parallel) })
            }
        }
    }

    /// `chromium --headless --dump-dom URL` of each of `urls`, `parallel` at a time: the DOM
    /// after the page's script ran, in the order of `urls`.
    static func dumpDOM(_ urls: [String], parallel: Int = 4) throws -> [String] {
        guard let executable else { return [] }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var dumps = [String](repeating: "", count: urls.count)
        var start = 0
        while start < urls.count {
            let batch = start..<min(urls.count, start + parallel)
            var running: [(index: Int, process: Process, output: URL)] = []
            for index in batch {
                let output = scratch.appendingPathComponent("dom-\(index).html")
                _ = FileManager.default.createFile(atPath: output.path, contents: nil)
                let handle = try FileHandle(forWritingTo: output)
                let process = Process()
                process.executableURL = executable
                process.arguments = options(profile: scratch.appendingPathComponent("profile-\(index)")) + ["--dump-dom", urls[index]]
                process.standardOutput = handle
                process.standardError = FileHandle.nullDevice
                process.standardInput = FileHandle.nullDevice
                try process.run()
                running.append((index, process, output))
                try handle.close()
            }
            for (index, process, output) in running {
                process.waitUntilExit()
                dumps[index] = String(decoding: try Data(contentsOf: output), as: UTF8.self)
            }
            start = batch.upperBound
        }
        return dumps
    }

    /// `chromium --headless --screenshot=PNG --window-size=W,H --hide-scrollbars URL`.
    static func screenshot(_ url: String, to png: URL, width: Int, height: Int) throws -> Int32 {
        guard let executable else { return -1 }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = executable
        process.arguments = options(profile: profile) + [
            "--hide-scrollbars", "--window-size=\(width),\(height)", "--screenshot=" + png.path, url,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The value of attribute `name` of the `<body>` in a dumped DOM, its entities decoded.
    static func bodyAttribute(_ name: String, in dom: String) -> String? {
        guard let body = dom.range(of: "<body") else { return nil }
        let tag = dom[body.upperBound...].prefix { $0 != ">" }
        guard let start = tag.range(of: " \(name)=\"") else { return nil }
        let value = tag[start.upperBound...].prefix { $0 != "\"" }
        return value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Runs `python3 arguments` in the package root; its status and its stdout and stderr together.
    static func python(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("python-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.currentDirectoryURL = SpinrunProcess.packageRoot
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, String(decoding: try Data(contentsOf: output), as: UTF8.self))
    }
}
