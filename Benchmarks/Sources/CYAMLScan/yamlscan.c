#include "yamlscan.h"
#include <stdio.h>
#include <yaml.h>

long yamlscan_count_events(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) return -1;
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser)) { fclose(file); return -1; }
    yaml_parser_set_input_file(&parser, file);
    long count = 0;
    int done = 0;
    while (!done) {
        yaml_event_t event;
        if (!yaml_parser_parse(&parser, &event)) { count = -1; break; }
        done = event.type == YAML_STREAM_END_EVENT;
        yaml_event_delete(&event);
        count++;
    }
    yaml_parser_delete(&parser);
    fclose(file);
    return count;
}
