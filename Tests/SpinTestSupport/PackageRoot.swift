import Foundation

/// The package root, found from this file's path (`Tests/SpinTestSupport/PackageRoot.swift`).
package let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// The package root as a file URL.
package let packageRootURL = URL(fileURLWithPath: packageRoot)
