/* udiff.c - a unified diff of two texts (the MIR before and after a pass),
 * as `diff -u` writes it, so that the dumps can be read without tools.
 *
 * The edit script is a longest common subsequence of lines (dynamic
 * programming over the lines that differ, after the common head and tail
 * are taken off).  When that middle is too large for the table
 * (DRV_UDIFF_MAX_CELLS), the whole middle is shown as one replacement:
 * still a correct diff, only not a minimal one. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "udiff.h"

typedef struct Lines {
    const char **s;     /* starts of lines */
    size_t *len;        /* lengths, without the newline */
    size_t n;
} Lines;

static int split(const char *text, Lines *l)
{
    size_t n = 0;
    for (const char *p = text; *p; p++)
        n += *p == '\n';
    if (*text && text[strlen(text) - 1] != '\n')
        n++;
    l->s = malloc((n + 1) * sizeof *l->s);
    l->len = malloc((n + 1) * sizeof *l->len);
    if (!l->s || !l->len) {
        free(l->s);
        free(l->len);
        return -1;
    }
    l->n = 0;
    const char *p = text;
    while (*p) {
        const char *e = strchr(p, '\n');
        size_t k = e ? (size_t)(e - p) : strlen(p);
        l->s[l->n] = p;
        l->len[l->n++] = k;
        p += k + (e != NULL);
    }
    return 0;
}

static bool same(const Lines *a, size_t i, const Lines *b, size_t j)
{
    return a->len[i] == b->len[j]
        && memcmp(a->s[i], b->s[j], a->len[i]) == 0;
}

/* One line of the edit script: ' ' kept, '-' only in a, '+' only in b. */
typedef struct Edit {
    char op;
    size_t i, j;        /* the line in a (for ' ' and '-'), in b (' ', '+') */
} Edit;

static void emit_line(FILE *out, char op, const char *s, size_t n)
{
    fputc(op, out);
    fwrite(s, 1, n, out);
    fputc('\n', out);
}

/* The hunks of the script, with `context` lines around each change. */
static void write_hunks(FILE *out, const Edit *ed, size_t n, const Lines *a,
                        const Lines *b, int context)
{
    size_t k = 0;
    while (k < n) {
        while (k < n && ed[k].op == ' ')
            k++;
        if (k == n)
            break;
        size_t start = k > (size_t)context ? k - (size_t)context : 0;
        size_t end = k;
        /* extend over changes closer than 2 * context apart */
        for (;;) {
            while (end < n && ed[end].op != ' ')
                end++;
            size_t gap = end;
            while (gap < n && ed[gap].op == ' ')
                gap++;
            if (gap < n && gap - end <= 2 * (size_t)context) {
                end = gap;
                continue;
            }
            end = end + (size_t)context < n ? end + (size_t)context : n;
            break;
        }
        size_t a0 = 0, b0 = 0, na = 0, nb = 0;
        bool seen_a = false, seen_b = false;
        for (size_t q = start; q < end; q++) {
            if (ed[q].op != '+') {
                if (!seen_a)
                    a0 = ed[q].i, seen_a = true;
                na++;
            }
            if (ed[q].op != '-') {
                if (!seen_b)
                    b0 = ed[q].j, seen_b = true;
                nb++;
            }
        }
        /* an empty side is numbered by the line before it, as diff does */
        if (!seen_a)
            a0 = start < n ? ed[start].i : a->n;
        if (!seen_b)
            b0 = start < n ? ed[start].j : b->n;
        fprintf(out, "@@ -%zu,%zu +%zu,%zu @@\n", na ? a0 + 1 : a0, na,
                nb ? b0 + 1 : b0, nb);
        for (size_t q = start; q < end; q++) {
            if (ed[q].op == '+')
                emit_line(out, '+', b->s[ed[q].j], b->len[ed[q].j]);
            else
                emit_line(out, ed[q].op, a->s[ed[q].i], a->len[ed[q].i]);
        }
        k = end;
    }
}

int drv_udiff(FILE *out, const char *a_text, const char *b_text,
              const char *a_name, const char *b_name, int context)
{
    Lines a, b;
    if (split(a_text, &a) != 0)
        return -1;
    if (split(b_text, &b) != 0) {
        free(a.s);
        free(a.len);
        return -1;
    }
    size_t head = 0;
    while (head < a.n && head < b.n && same(&a, head, &b, head))
        head++;
    size_t tail = 0;
    while (tail < a.n - head && tail < b.n - head
           && same(&a, a.n - 1 - tail, &b, b.n - 1 - tail))
        tail++;
    size_t ma = a.n - head - tail, mb = b.n - head - tail;
    int rc = 0;
    Edit *ed = malloc((a.n + b.n + 1) * sizeof *ed);
    uint32_t *t = NULL;
    bool table = ma > 0 && mb > 0
        && (ma + 1) <= DRV_UDIFF_MAX_CELLS / (mb + 1);
    if (table)
        t = malloc((ma + 1) * (mb + 1) * sizeof *t);
    if (!ed || (table && !t)) {
        rc = -1;
        goto done;
    }
    size_t ne = 0;
    for (size_t i = 0; i < head; i++)
        ed[ne++] = (Edit){' ', i, i};
    if (table) {
        /* t[i][j]: the LCS length of a's middle from i and b's from j */
        size_t w = mb + 1;
        for (size_t i = ma + 1; i-- > 0;)
            for (size_t j = mb + 1; j-- > 0;) {
                if (i == ma || j == mb)
                    t[i * w + j] = 0;
                else if (same(&a, head + i, &b, head + j))
                    t[i * w + j] = t[(i + 1) * w + j + 1] + 1;
                else
                    t[i * w + j] = t[(i + 1) * w + j] > t[i * w + j + 1]
                        ? t[(i + 1) * w + j] : t[i * w + j + 1];
            }
        size_t i = 0, j = 0;
        while (i < ma || j < mb) {
            if (i < ma && j < mb && same(&a, head + i, &b, head + j)) {
                ed[ne++] = (Edit){' ', head + i, head + j};
                i++, j++;
            } else if (j == mb || (i < ma && t[(i + 1) * w + j]
                                             >= t[i * w + j + 1])) {
                ed[ne++] = (Edit){'-', head + i, head + j};
                i++;
            } else {
                ed[ne++] = (Edit){'+', head + i, head + j};
                j++;
            }
        }
    } else {
        for (size_t i = 0; i < ma; i++)
            ed[ne++] = (Edit){'-', head + i, head};
        for (size_t j = 0; j < mb; j++)
            ed[ne++] = (Edit){'+', head + ma, head + j};
    }
    for (size_t k = 0; k < tail; k++)
        ed[ne++] = (Edit){' ', a.n - tail + k, b.n - tail + k};
    if (ma || mb) {
        fprintf(out, "--- %s\n+++ %s\n", a_name, b_name);
        write_hunks(out, ed, ne, &a, &b, context);
    }
done:
    free(t);
    free(ed);
    free(a.s);
    free(a.len);
    free(b.s);
    free(b.len);
    return rc;
}
