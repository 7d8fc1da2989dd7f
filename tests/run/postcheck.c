/* postcheck.c - one sampler run's posterior against a reference posterior.
 *
 *   postcheck NAME REFERENCE.json SUMMARY.txt
 *
 * REFERENCE.json is ../shared/bench/reference/NAME.json: {"parameters":
 * [{"name", "mean", "sd", "mcse_mean", ...}, ...]}.  SUMMARY.txt is what
 * `pplbench summary --sig-figs=10 OUT.csv` prints; its Mean, MCSE and
 * StdDev columns are found by their headings.  Every reference parameter
 * must be in the summary with
 *
 *   |mean - mean_ref| <= 4 sqrt(mcse^2 + mcse_ref^2)   and
 *   |sd / sd_ref - 1| <= 0.20
 *
 * (docs/backend.md, "Checks that validate it").  Prints the worst z-score
 * and the worst sd ratio, and each parameter outside the bounds with its
 * figures.  Exit 0 when all are inside, 1 when one is not, 2 on a file
 * that cannot be read. */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define Z_LIMIT 4.0
#define SD_TOLERANCE 0.20
#define MAX_COLS 32
#define LINE 8192

typedef struct Row {
    char name[256];
    double mean, mcse, sd;
} Row;

typedef struct Summary {
    Row *rows;
    int n;
} Summary;

/* Index of heading `want` among the summary's headings, or -1. */
static int column_of(char heads[][32], int nheads, const char *want)
{
    for (int i = 0; i < nheads; i++)
        if (strcmp(heads[i], want) == 0)
            return i;
    return -1;
}

/* Reads the table of SUMMARY.txt: the heading line (the first one that
 * names Mean, MCSE and StdDev), then every line of a name and as many
 * numbers as there are headings. */
static int read_summary(const char *path, Summary *s)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return -1;
    }
    char line[LINE], heads[MAX_COLS][32];
    int nheads = 0, mean_col = -1, mcse_col = -1, sd_col = -1, cap = 0;
    s->rows = NULL;
    s->n = 0;
    while (fgets(line, sizeof line, f)) {
        char *tok[MAX_COLS + 1];
        int ntok = 0;
        for (char *t = strtok(line, " \t\n"); t && ntok <= MAX_COLS;
             t = strtok(NULL, " \t\n"))
            tok[ntok++] = t;
        if (mean_col < 0) {
            nheads = 0;
            for (int i = 0; i < ntok && i < MAX_COLS; i++)
                snprintf(heads[nheads++], sizeof heads[0], "%s", tok[i]);
            mean_col = column_of(heads, nheads, "Mean");
            mcse_col = column_of(heads, nheads, "MCSE");
            sd_col = column_of(heads, nheads, "StdDev");
            if (mcse_col < 0 || sd_col < 0)
                mean_col = -1;
            continue;
        }
        if (ntok != nheads + 1)
            continue;   /* prose below the table */
        if (s->n == cap) {
            cap = cap ? 2 * cap : 64;
            s->rows = realloc(s->rows, (size_t)cap * sizeof *s->rows);
            if (!s->rows) {
                fclose(f);
                return -1;
            }
        }
        Row *r = &s->rows[s->n++];
        snprintf(r->name, sizeof r->name, "%s", tok[0]);
        r->mean = strtod(tok[1 + mean_col], NULL);
        r->mcse = strtod(tok[1 + mcse_col], NULL);
        r->sd = strtod(tok[1 + sd_col], NULL);
    }
    fclose(f);
    if (mean_col < 0) {
        fprintf(stderr, "%s: no Mean/MCSE/StdDev table\n", path);
        return -1;
    }
    return 0;
}

static const Row *find_row(const Summary *s, const char *name)
{
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->rows[i].name, name) == 0)
            return &s->rows[i];
    return NULL;
}

static double number(json_t *obj, const char *key)
{
    json_t *v = json_object_get(obj, key);
    return json_is_number(v) ? json_number_value(v) : NAN;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: postcheck NAME REFERENCE.json SUMMARY.txt\n");
        return 2;
    }
    const char *model = argv[1];
    json_error_t jerr;
    json_t *ref = json_load_file(argv[2], 0, &jerr);
    json_t *params = ref ? json_object_get(ref, "parameters") : NULL;
    if (!json_is_array(params)) {
        fprintf(stderr, "%s: %s\n", argv[2],
                ref ? "no \"parameters\" array" : jerr.text);
        json_decref(ref);
        return 2;
    }
    Summary s;
    if (read_summary(argv[3], &s) != 0) {
        json_decref(ref);
        return 2;
    }

    int bad = 0;
    double worst_z = 0, worst_ratio = 1;
    const char *worst_z_name = "-", *worst_ratio_name = "-";
    size_t i;
    json_t *p;
    json_array_foreach(params, i, p) {
        const char *name = json_string_value(json_object_get(p, "name"));
        double ref_mean = number(p, "mean"), ref_sd = number(p, "sd");
        double ref_mcse = number(p, "mcse_mean");
        const Row *r = name ? find_row(&s, name) : NULL;
        if (!r) {
            printf("posterior %s: FAILED: %s is not in the summary\n", model,
                   name ? name : "(unnamed parameter)");
            bad = 1;
            continue;
        }
        double se = sqrt(r->mcse * r->mcse + ref_mcse * ref_mcse);
        double z = (r->mean - ref_mean) / se;
        double ratio = r->sd / ref_sd;
        /* written so that a nan anywhere fails */
        if (!(fabs(z) <= Z_LIMIT)) {
            printf("posterior %s: FAILED: %s mean %.6g, reference %.6g, "
                   "MCSE %.3g (ours) and %.3g (reference): z = %.2f, "
                   "limit %.0f\n", model, name, r->mean, ref_mean, r->mcse,
                   ref_mcse, z, Z_LIMIT);
            bad = 1;
        }
        if (!(fabs(ratio - 1) <= SD_TOLERANCE)) {
            printf("posterior %s: FAILED: %s sd %.6g, reference %.6g: "
                   "ratio %.3f, limit 1 +- %.2f\n", model, name, r->sd, ref_sd,
                   ratio, SD_TOLERANCE);
            bad = 1;
        }
        if (!(fabs(z) <= fabs(worst_z))) {
            worst_z = z;
            worst_z_name = name;
        }
        if (!(fabs(ratio - 1) <= fabs(worst_ratio - 1))) {
            worst_ratio = ratio;
            worst_ratio_name = name;
        }
    }
    printf("posterior %s: %zu parameters, worst z %.2f (%s), worst sd ratio "
           "%.3f (%s)%s\n", model, json_array_size(params), worst_z,
           worst_z_name, worst_ratio, worst_ratio_name, bad ? "" : ": ok");
    free(s.rows);
    json_decref(ref);
    return bad;
}
