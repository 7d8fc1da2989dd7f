/* diag.c - the diagnostic sink and stanc3's message layout; see diag.h. */
#include "diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    DiagClass cls;
    const char *fmt;
} catalogue[] = {
#define DIAG(id, c, f) [id] = {c, f},
#include "diag.def"
#undef DIAG
};

static void push(DiagSink *s, DiagId id, bool has_span, Span span,
                 const char *msg)
{
    Diag *d = NEW(s->arena, Diag);
    d->id = id;
    d->cls = catalogue[id].cls;
    d->has_span = has_span;
    d->span = span;
    d->msg = msg;
    vec_push(s->arena, &s->diags, d);
    if (diag_is_error(d))
        s->nerrors++;
    else
        s->nwarnings++;
}

/* GCC 12 with -fsanitize=undefined at -O1 reports a "null format string"
 * here that no caller can produce; the warning is off for this function. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-truncation"
static char *vformat(Arena *a, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    char *p = arena_alloc(a, (size_t)n + 1);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    return p;
}
#pragma GCC diagnostic pop

/* The catalogue formats are checked by the call sites' argument lists only
 * through the catalogue, so the warning about a non-literal format is off
 * here alone. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
void diag_emit(DiagSink *s, DiagId id, Span span, ...)
{
    va_list ap;
    va_start(ap, span);
    char *msg = vformat(s->arena, catalogue[id].fmt, ap);
    va_end(ap);
    push(s, id, true, span, msg);
}

void diag_vemit(DiagSink *s, DiagId id, Span span, va_list ap)
{
    char *msg = vformat(s->arena, catalogue[id].fmt, ap);
    push(s, id, true, span, msg);
}

char *diag_vformat(DiagSink *s, DiagId id, va_list ap)
{
    return vformat(s->arena, catalogue[id].fmt, ap);
}

void diag_emit_nospan(DiagSink *s, DiagId id, ...)
{
    va_list ap;
    va_start(ap, id);
    char *msg = vformat(s->arena, catalogue[id].fmt, ap);
    va_end(ap);
    Span none = {{0, 0, 0, 0}, {0, 0, 0, 0}};
    push(s, id, false, none, msg);
}
#pragma GCC diagnostic pop

void diag_emit_text(DiagSink *s, DiagId id, const Span *span, const char *msg)
{
    Span none = {{0, 0, 0, 0}, {0, 0, 0, 0}};
    push(s, id, span != NULL, span ? *span : none, msg);
}

bool diag_is_error(const Diag *d)
{
    return d->cls != DC_WARNING && d->cls != DC_INFO;
}

/* "line 2, column 3 to column 15" / "line 2, column 6" /
 * "line 11, column 2 to line 16, column 3" */
static void print_range(FILE *out, Span sp)
{
    fprintf(out, "line %d, column %d", sp.begin.line, sp.begin.col);
    if (sp.end.line == sp.begin.line && sp.end.col > sp.begin.col)
        fprintf(out, " to column %d", sp.end.col);
    else if (sp.end.line > sp.begin.line)
        fprintf(out, " to line %d, column %d", sp.end.line, sp.end.col);
}

/* "'a.stan', line 1, column 0, included from\n'b.stan', line 3, column 0" */
static void print_where(FILE *out, const SourceMgr *sm, Span sp)
{
    const SrcFile *f = src_file(sm, sp.begin.file);
    fprintf(out, "'%s', ", f ? f->path : "?");
    print_range(out, sp);
    while (f && f->parent >= 0) {
        Loc at = f->include_loc;
        f = src_file(sm, f->parent);
        fprintf(out, ", included from\n'%s', line %d, column %d",
                f ? f->path : "?", at.line, at.col);
    }
}

char *diag_where(const DiagSink *s, Span sp)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem)
        return "";
    print_where(mem, s->src, sp);
    fclose(mem);
    char *out = arena_strdup(s->arena, buf);
    free(buf);
    return out;
}

static void print_context(FILE *out, const SourceMgr *sm, Loc at)
{
    const char *dashes = "   -------------------------------------------------\n";
    int len;
    if (!src_line(sm, at.file, at.line, &len))
        return;
    fputs(dashes, out);
    for (int l = at.line - 2; l <= at.line + 2; l++) {
        const char *text = src_line(sm, at.file, l, &len);
        if (!text)
            continue;
        /* The empty "line" after a final newline shows only when the error
         * is there (at the end of the file). */
        const SrcFile *f = src_file(sm, at.file);
        if (l != at.line && text == f->text + f->len)
            continue;
        fprintf(out, "%6d:  %.*s\n", l, len, text);
        if (l == at.line)
            fprintf(out, "%*s^\n", at.col + 9, "");
    }
    fputs(dashes, out);
}

void diag_render(FILE *out, const DiagSink *s, const Diag *d)
{
    switch (d->cls) {
    case DC_FILE:
        fprintf(out, "Error: %s\n", d->msg);
        return;
    case DC_INTERNAL:
        fprintf(out, "Internal compiler error: %s\nThis should never "
                "happen. Please report it as a bug in pplbench.\n", d->msg);
        return;
    case DC_INFO:
        fprintf(out, "Info: %s\n", d->msg);
        return;
    case DC_WARNING:
        if (!d->has_span) {
            fprintf(out, "Warning: %s\n", d->msg);
            return;
        }
        fputs("Warning in ", out);
        print_where(out, s->src, d->span);
        fprintf(out, ": %s\n", d->msg);
        return;
    case DC_SEMANTIC:
        fputs("Semantic error in ", out);
        print_where(out, s->src, d->span);
        fputs(":\n", out);
        break;
    case DC_LEXING:
    case DC_INCLUDE:
    case DC_PARSING:
        fputs("Syntax error in ", out);
        print_where(out, s->src, d->span);
        fprintf(out, ", %s error:\n",
                d->cls == DC_LEXING ? "lexing"
                : d->cls == DC_INCLUDE ? "include" : "parsing");
        break;
    }
    print_context(out, s->src, d->span.begin);
    fprintf(out, "\n%s\n", d->msg);
}

void diag_render_all(FILE *out, const DiagSink *s)
{
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < s->diags.len; i++) {
            const Diag *d = s->diags.items[i];
            if (diag_is_error(d) == (pass == 1))
                diag_render(out, s, d);
        }
}
