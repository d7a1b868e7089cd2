extension YAMLItemEvent {
    /// Appends the events that stand for `node`: those a streamed read gives for the same text,
    /// except that tags are left out and an alias stands for its copy, located where the alias is
    /// (as the node is). So an item the reader built as a node reads as the same events as one it
    /// streamed.
    ///
    /// An explicit stack rather than recursion, since a node may nest as deep as the reader allows.
    static func append(_ node: YAMLNode, to events: inout [YAMLItemEvent]) {
        var pending: [Pending] = [.node(node)]
        while let next = pending.popLast() {
            switch next {
            case .end:
                events.append(.collectionEnd)
            case .node(let node):
                switch node.kind {
                case .scalar(let scalar):
                    events.append(.scalar(YAMLItemScalar(scalar: scalar, start: node.location)))
                case .mapping(let entries):
                    events.append(.collectionStart(isMapping: true, at: node.location))
                    pending.append(.end)
                    for entry in entries.reversed() {
                        pending.append(.node(entry.value))
                        pending.append(.node(entry.key))
                    }
                case .sequence(let items):
                    events.append(.collectionStart(isMapping: false, at: node.location))
                    pending.append(.end)
                    for item in items.reversed() { pending.append(.node(item)) }
                }
            }
        }
    }

    /// What `append(_:to:)` has still to do: a node to give, or a collection to close.
    private enum Pending {
        case node(YAMLNode)
        case end
    }
}
