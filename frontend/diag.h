/* diag.h - diagnostics as data: one catalogue (diag.def), one sink per
 * compilation unit, one renderer that prints stanc3's layout. */
#ifndef PPL_DIAG_H
#define PPL_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

#include "arena.h"
#include "ice.h"     /* ICE(): diagnostics users raise internal errors */
#include "source.h"

typedef enum DiagClass {
    DC_FILE,       /* Error: file ... not found */
    DC_LEXING,     /* Syntax error ..., lexing error: */
    DC_INCLUDE,    /* Syntax error ..., include error: */
    DC_PARSING,    /* Syntax error ..., parsing error: */
    DC_SEMANTIC,   /* Semantic error in ... */
    DC_WARNING,    /* Warning in ... */
    DC_INFO,       /* Info: ... (counted with the warnings) */
    DC_INTERNAL    /* Internal compiler error */
} DiagClass;

typedef enum DiagId {
#define DIAG(id, cls, fmt) id,
#include "diag.def"
#undef DIAG
    D__COUNT
} DiagId;

typedef struct Diag {
    DiagId id;
    DiagClass cls;
    bool has_span;
    Span span;
    const char *msg;
} Diag;

typedef struct DiagSink {
    Arena *arena;
    const SourceMgr *src;
    PtrVec diags;          /* Diag *, in the order emitted */
    int nerrors, nwarnings;
} DiagSink;

/* Record a diagnostic from the catalogue, formatted with the arguments. */
void diag_emit(DiagSink *s, DiagId id, Span span, ...);
void diag_vemit(DiagSink *s, DiagId id, Span span, va_list ap);
void diag_emit_nospan(DiagSink *s, DiagId id, ...);
/* The message of id formatted with the arguments, in s's arena, for a
 * diagnostic recorded later with diag_emit_text (pedantic mode collects,
 * sorts and deduplicates its warnings before it emits them). */
char *diag_vformat(DiagSink *s, DiagId id, va_list ap);
/* Record the message of id that diag_vformat formatted, at *span, or
 * nowhere when span is NULL. */
void diag_emit_text(DiagSink *s, DiagId id, const Span *span, const char *msg);
bool diag_is_error(const Diag *d);
/* "'f.stan', line 3, column 10 to column 15" (with the include chain). */
char *diag_where(const DiagSink *s, Span sp);

/* Print one diagnostic in stanc3's layout: the header line with the file,
 * line and column range (and include chain), the dashed frame with two
 * numbered lines of context either side and a caret, then the message. */
void diag_render(FILE *out, const DiagSink *s, const Diag *d);
/* Print warnings then errors (stanc3 prints warnings before the error). */
void diag_render_all(FILE *out, const DiagSink *s);

#endif
