/* dotcheck.c - whether files are valid DOT, as Graphviz's own reader
 * (cgraph's agmemread) sees them: the tests' check of the DOT pplbench
 * writes (this Graphviz has no dot program to run `dot -Tcanon`).
 *
 *   dotcheck FILE...   exit 0 when every file reads as one graph with no
 *                      error; else one line per bad file and exit 1 */
#include <stdio.h>
#include <stdlib.h>

#include <cgraph.h>

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap + 1);
    size_t got;
    while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            char *grown = realloc(buf, 2 * cap + 1);
            if (!grown) {
                free(buf);
                buf = NULL;
            }
            buf = grown;
            cap *= 2;
        }
    }
    if (ferror(f)) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf)
        buf[len] = '\0';
    return buf;
}

int main(int argc, char **argv)
{
    int bad = 0;
    for (int i = 1; i < argc; i++) {
        char *text = slurp(argv[i]);
        if (!text) {
            printf("%s: cannot be read\n", argv[i]);
            bad++;
            continue;
        }
        int before = agerrors();
        Agraph_t *g = agmemread(text);
        if (!g || agerrors() != before) {
            printf("%s: not valid DOT\n", argv[i]);
            bad++;
        } else if (agnnodes(g) == 0) {
            printf("%s: a graph with no node\n", argv[i]);
            bad++;
        }
        if (g)
            agclose(g);
        free(text);
    }
    return bad ? 1 : 0;
}
