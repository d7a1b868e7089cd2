import SpinDSL

extension HTMLViewer {
    /// `draw()` for a session that writes a page: the drawing, or nil after the error is written
    /// on standard error (the session then exits 1 before anything runs).
    func drawOrReport() -> Drawing? {
        switch draw() {
        case .success(let drawing): return drawing
        case .failure(let error):
            OutputWriter.standardError.line("Error: \(error)")
            return nil
        }
    }
}
