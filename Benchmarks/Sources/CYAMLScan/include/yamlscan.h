#ifndef YAMLSCAN_H
#define YAMLSCAN_H
/// Parses the file with libyaml's event API only (no tree, no Swift); returns the number of
/// events, or -1 on error.
long yamlscan_count_events(const char *path);
#endif
