/* format_box.c - lay out a stream of text, breaks and boxes as OCaml's
 * Format module does (the printer stanc3's --auto-format is written with).
 *
 * The algorithm is Oppen's, as Format implements it: tokens go into a
 * queue; the size of a box (its width on one line) and of a break (up to
 * the next break of its box, or the box's end) are not known until the
 * stream reaches their end, and a token leaves the queue once its size is
 * known or the text waiting behind it already exceeds the space left on
 * the line.  A box that fits where it opens becomes a "fits" box and none
 * of its breaks are taken; otherwise each kind decides at each break:
 *   h     never breaks;          v   always breaks;
 *   hov   breaks when what follows (up to the next break) does not fit;
 *   b     as hov, but never right after a new line, and also where the
 *         new line would be indented less than the current one.
 * No line is indented beyond the maximum indentation (68 for the default
 * margin of 78); a box that would open right of it first breaks the line.
 * (Format unraveled, Bonichon & Weis, 2017, describes these rules.) */
#include "format_box.h"

#include <string.h>

/* ------------------------------------------------------------ building */

void fb_init(FbDoc *d, Arena *arena)
{
    memset(d, 0, sizeof *d);
    d->arena = arena;
}

static FbTok *fb_push(FbDoc *d, FbTokKind kind)
{
    if (d->n == d->cap) {
        int ncap = d->cap ? d->cap * 2 : 256;
        FbTok *grown = arena_alloc(d->arena, sizeof(FbTok) * (size_t)ncap);
        if (d->n)
            memcpy(grown, d->t, sizeof(FbTok) * (size_t)d->n);
        d->t = grown;
        d->cap = ncap;
    }
    FbTok *t = &d->t[d->n++];
    memset(t, 0, sizeof *t);
    t->kind = kind;
    return t;
}

void fb_textn(FbDoc *d, const char *s, int len)
{
    if (len <= 0)
        return;
    FbTok *t = fb_push(d, FB_TEXT);
    t->text = s;
    t->len = len;
}

void fb_text(FbDoc *d, const char *s)
{
    fb_textn(d, s, (int)strlen(s));
}

void fb_break(FbDoc *d, int width, int offset)
{
    FbTok *t = fb_push(d, FB_BREAK);
    t->len = width;
    t->offset = offset;
}

void fb_space(FbDoc *d)
{
    fb_break(d, 1, 0);
}

void fb_cut(FbDoc *d)
{
    fb_break(d, 0, 0);
}

void fb_open(FbDoc *d, FbBoxKind kind, int indent)
{
    FbTok *t = fb_push(d, FB_OPEN);
    t->box = kind;
    t->offset = indent;
}

void fb_close(FbDoc *d)
{
    fb_push(d, FB_CLOSE);
}

void fb_newline(FbDoc *d)
{
    fb_push(d, FB_NEWLINE);
}

/* ------------------------------------------------------------- layout */

/* Format's pp_set_margin: the maximum indentation stays 68 where the
 * margin allows, else margin - 10 or half the margin. */
int fb_max_indent(int margin)
{
    int m = margin > 1 ? margin : 2;
    if (m >= 68)
        return 68;
    int indent = m - 10 > m / 2 ? m - 10 : m / 2;
    return indent < 1 ? 1 : indent;
}

#define FB_INFINITY 1000000010L

typedef struct Frame {
    FbBoxKind kind;
    long width;          /* space left on the line where it opened,
                            less its indentation */
} Frame;

typedef struct Scan {
    long left_total;
    int tok;             /* -1: the bottom of the stack */
} Scan;

typedef struct Engine {
    FILE *out;
    const FbTok *t;      /* [0] is the outermost box, then the doc's */
    long *size;          /* per token; negative while unknown */
    int head, tail;      /* the queue: tokens [head, tail) */
    Scan *scan;
    int nscan;
    Frame *frame;
    int nframe;
    long margin, max_indent, space_left, current_indent;
    long left_total, right_total;
    bool is_new_line;
    long pending;        /* blanks not written yet (see force_break) */
    int depth;
} Engine;

static long tok_length(const FbTok *t)
{
    return t->kind == FB_TEXT || t->kind == FB_BREAK ? t->len : 0;
}

static void blanks(Engine *e, long n)
{
    e->pending += n;
}

/* A new line, after the blanks before it: Format keeps them, and so do
 * stanc3's layouts (an indented blank line, `for (...) ` before a body
 * on the next line). */
static void put_newline(Engine *e)
{
    for (; e->pending > 0; e->pending--)
        fputc(' ', e->out);
    fputc('\n', e->out);
}

/* Text: the blanks before it first; its own trailing blanks wait. */
static void put_text(Engine *e, const char *s, long len)
{
    long keep = len;
    while (keep > 0 && s[keep - 1] == ' ')
        keep--;
    if (keep > 0) {
        for (; e->pending > 0; e->pending--)
            fputc(' ', e->out);
        fwrite(s, 1, (size_t)keep, e->out);
    }
    e->pending += len - keep;
}

static void new_line(Engine *e, long offset, long width)
{
    put_newline(e);
    e->is_new_line = true;
    long indent = e->margin - width + offset;
    if (indent > e->max_indent)
        indent = e->max_indent;
    e->current_indent = indent;
    e->space_left = e->margin - indent;
    blanks(e, indent);
}

static void same_line(Engine *e, long width)
{
    e->space_left -= width;
    blanks(e, width);
}

/* Break the line of the innermost box, unless it fits.  The blanks just
 * before the break are dropped: a space between two comments on one line,
 * the second opening its box past the maximum indentation, ended the line
 * with a blank, and formatting again (the comment now on its own line)
 * removed it (the fuzzer's round trip). */
static void force_break(Engine *e)
{
    if (e->nframe == 0) {
        e->pending = 0;
        put_newline(e);
        return;
    }
    const Frame *f = &e->frame[e->nframe - 1];
    if (f->width > e->space_left && f->kind != FB_FITS && f->kind != FB_H) {
        e->pending = 0;
        new_line(e, 0, f->width);
    }
}

static void format_token(Engine *e, long size, const FbTok *t)
{
    switch (t->kind) {
    case FB_TEXT:
        e->space_left -= size;
        put_text(e, t->text, t->len);
        e->is_new_line = false;
        break;
    case FB_OPEN: {
        if (e->margin - e->space_left > e->max_indent)
            force_break(e);     /* cannot open a box that far right */
        Frame f = {t->box, e->space_left - t->offset};
        if (f.kind != FB_V && size <= e->space_left)
            f.kind = FB_FITS;
        e->frame[e->nframe++] = f;
        break;
    }
    case FB_CLOSE:
        if (e->nframe > 0)
            e->nframe--;
        break;
    case FB_NEWLINE:
        if (e->nframe == 0)
            put_newline(e);
        else
            new_line(e, 0, e->frame[e->nframe - 1].width);
        break;
    case FB_BREAK: {
        if (e->nframe == 0)
            break;
        const Frame *f = &e->frame[e->nframe - 1];
        bool take = false;
        switch (f->kind) {
        case FB_H: case FB_FITS: take = false; break;
        case FB_V: take = true; break;
        case FB_HOV: take = size > e->space_left; break;
        case FB_B:
            take = !e->is_new_line
                   && (size > e->space_left
                       || e->current_indent
                          > e->margin - f->width + t->offset);
            break;
        }
        if (take)
            new_line(e, t->offset, f->width);
        else
            same_line(e, t->len);
        break;
    }
    }
}

/* Print the tokens at the head of the queue whose size is known, or
 * which cannot fit whatever their size. */
static void advance(Engine *e)
{
    while (e->head < e->tail) {
        int i = e->head;
        long pending = e->right_total - e->left_total;
        if (e->size[i] < 0 && pending < e->space_left)
            return;
        e->head++;
        format_token(e, e->size[i] >= 0 ? e->size[i] : FB_INFINITY, &e->t[i]);
        e->left_total += tok_length(&e->t[i]);
    }
}

static void enqueue(Engine *e, int i)
{
    e->right_total += tok_length(&e->t[i]);
    e->tail = i + 1;
}

static void reset_scan(Engine *e)
{
    e->scan[0].left_total = -1;
    e->scan[0].tok = -1;
    e->nscan = 1;
}

/* The token on top of the scan stack gets its size: a break when `brk`,
 * else a box. */
static void set_size(Engine *e, bool brk)
{
    Scan *top = &e->scan[e->nscan - 1];
    if (top->left_total < e->left_total) {   /* printed already */
        reset_scan(e);
        return;
    }
    if (top->tok < 0)
        return;
    FbTokKind k = e->t[top->tok].kind;
    if ((k == FB_BREAK && brk) || (k == FB_OPEN && !brk)) {
        e->size[top->tok] += e->right_total;
        e->nscan--;
    }
}

static void scan_push(Engine *e, int i, bool brk)
{
    e->size[i] = -e->right_total;
    enqueue(e, i);
    if (brk)
        set_size(e, true);
    e->scan[e->nscan].left_total = e->right_total;
    e->scan[e->nscan].tok = i;
    e->nscan++;
}

static void feed(Engine *e, int i)
{
    const FbTok *t = &e->t[i];
    switch (t->kind) {
    case FB_TEXT:
        e->size[i] = t->len;
        enqueue(e, i);
        advance(e);
        break;
    case FB_NEWLINE:
        e->size[i] = 0;
        enqueue(e, i);
        advance(e);
        break;
    case FB_OPEN:
        e->depth++;
        scan_push(e, i, false);
        break;
    case FB_BREAK:
        scan_push(e, i, true);
        break;
    case FB_CLOSE:
        if (e->depth > 1) {
            e->size[i] = 0;
            enqueue(e, i);
            set_size(e, true);
            set_size(e, false);
            e->depth--;
        }
        break;
    }
}

void fb_render(FILE *out, const FbDoc *d, int margin)
{
    Arena arena = {0};
    int n = d->n + 1;
    FbTok *t = arena_alloc(&arena, sizeof(FbTok) * (size_t)n);
    memset(&t[0], 0, sizeof t[0]);
    t[0].kind = FB_OPEN;
    t[0].box = FB_HOV;
    if (d->n)
        memcpy(t + 1, d->t, sizeof(FbTok) * (size_t)d->n);
    Engine e = {0};
    e.out = out;
    e.t = t;
    e.size = arena_alloc(&arena, sizeof(long) * (size_t)n);
    e.scan = arena_alloc(&arena, sizeof(Scan) * (size_t)(n + 1));
    e.frame = arena_alloc(&arena, sizeof(Frame) * (size_t)(n + 1));
    e.margin = margin > 1 ? margin : 2;
    e.max_indent = fb_max_indent(margin);
    e.space_left = e.margin;
    e.left_total = e.right_total = 1;
    reset_scan(&e);
    for (int i = 0; i < n; i++)
        feed(&e, i);
    /* flush: close what is open, and print everything */
    e.right_total = FB_INFINITY;
    advance(&e);
    for (; e.pending > 0; e.pending--)
        fputc(' ', out);
    arena_free(&arena);
}
