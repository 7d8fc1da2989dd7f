/* format_box.h - the layout engine behind --auto-format (internal to
 * frontend/format*.c).
 *
 * stanc3 prints programs with OCaml's Format module: text, break hints and
 * boxes that decide how the breaks inside them are taken.  To print what
 * stanc3 prints, format.c builds the same stream of text, breaks and boxes,
 * and this engine lays it out by Format's rules (the margin, the maximum
 * indentation, and the five kinds of box: h, v, hov, the "structural" b
 * box, and a box that fits on its line). */
#ifndef PPL_FORMAT_BOX_H
#define PPL_FORMAT_BOX_H

#include <stdbool.h>
#include <stdio.h>

#include "arena.h"

typedef enum FbBoxKind {
    FB_H,       /* @[<h>: breaks never taken */
    FB_V,       /* @[<v>: every break taken */
    FB_HOV,     /* @[<hov>: a break is taken when what follows does not fit */
    FB_B,       /* @[: as hov, and also where a break would indent less */
    FB_FITS     /* a box that fits on its line (chosen by the engine) */
} FbBoxKind;

typedef enum FbTokKind {
    FB_TEXT, FB_BREAK, FB_OPEN, FB_CLOSE, FB_NEWLINE
} FbTokKind;

typedef struct FbTok {
    FbTokKind kind;
    const char *text;    /* FB_TEXT */
    int len;             /* FB_TEXT: columns; FB_BREAK: spaces if not taken */
    int offset;          /* FB_BREAK: indentation added if taken;
                            FB_OPEN: the box's indentation */
    FbBoxKind box;       /* FB_OPEN */
} FbTok;

/* A stream of tokens being built. */
typedef struct FbDoc {
    Arena *arena;
    FbTok *t;
    int n, cap;
} FbDoc;

void fb_init(FbDoc *d, Arena *arena);
void fb_text(FbDoc *d, const char *s);
void fb_textn(FbDoc *d, const char *s, int len);
/* Format's @;<width offset>: `width` spaces, or a new line indented by
 * `offset` past the box's indentation. */
void fb_break(FbDoc *d, int width, int offset);
void fb_space(FbDoc *d);     /* @  */
void fb_cut(FbDoc *d);       /* @, */
void fb_open(FbDoc *d, FbBoxKind kind, int indent);
void fb_close(FbDoc *d);
void fb_newline(FbDoc *d);   /* Format.pp_force_newline */

/* Lay the stream out within `margin` columns as Format does, inside an
 * outermost hov box, and write it to out. */
void fb_render(FILE *out, const FbDoc *d, int margin);
/* No line is indented further than this for `margin`. */
int fb_max_indent(int margin);

#endif
