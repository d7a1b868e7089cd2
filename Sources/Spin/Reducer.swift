/// Placeholder replaced by the core.
