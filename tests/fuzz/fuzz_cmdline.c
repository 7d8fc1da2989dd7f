/* fuzz_cmdline.c - libFuzzer target: the sampler's command line parser
 * (runtime/cmdline.c, through rt_cmdline_parse_only) must never crash or
 * hang on any argv (make fuzz-cmdline).
 *
 * The input is split into words at spaces, tabs and newlines (a seed is a
 * command line as typed, without the program name).  The parser alone
 * runs: no model, no data file read, no output file opened, no exit.  A
 * parsed configuration is echoed as rt_main echoes it (CmdStan's
 * "method = sample (Default)" lines) into a memory stream. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pplrt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_ARGS 256

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    char **argv = malloc((MAX_ARGS + 1) * sizeof *argv);
    if (!text || !argv) {
        free(text);
        free(argv);
        return 0;
    }
    memcpy(text, data, size);
    text[size] = '\0';
    int argc = 0;
    argv[argc++] = "model";
    for (char *p = text; *p && argc < MAX_ARGS;) {
        while (is_space(*p))
            *p++ = '\0';
        if (!*p)
            break;
        argv[argc++] = p;
        while (*p && !is_space(*p))
            p++;
    }
    argv[argc] = NULL;
    RtRunConfig cfg;
    RtError err = {.msg = ""};
    int rc = rt_cmdline_parse_only(argc, argv, &cfg, &err);
    if (rc == 0) {
        char *echo = NULL;
        size_t echo_len = 0;
        FILE *sink = open_memstream(&echo, &echo_len);
        if (sink) {
            cfg.model_name = "fuzz_model";
            rt_csv_print_config(sink, &cfg);
            fclose(sink);
        }
        free(echo);
    } else if (rc < 0 && !err.msg[0]) {
        fprintf(stderr, "rt_cmdline_parse_only failed without a message\n");
        abort();
    }
    free(argv);
    free(text);
    return 0;
}
