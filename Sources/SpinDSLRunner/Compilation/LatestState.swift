import Spin
import SpinDSLFrontEnd

/// The latest state delivered to a spin's feedbacks, for periodic rules that act on "now".
final class LatestState: Sendable {
    private let storage = Locked<SpecState?>(nil)

    func set(_ state: SpecState) {
        storage.withLock { $0 = state }
    }

    var state: SpecState? { storage.withLock { $0 } }
}
