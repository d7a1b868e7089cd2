/// A scalar of a streamed item (see `YAMLItemEvent.scalar`).
struct YAMLItemScalar {
    /// The scalar.
    let scalar: YAMLScalar
    /// Where its node starts.
    let start: SourceLocation
}
