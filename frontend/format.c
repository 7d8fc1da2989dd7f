/* format.c - --auto-format: print a program as stanc3's --auto-format
 * prints it (stanc3 user guide, "Automatic updating and formatting of Stan
 * programs"; stanc3's src/frontend/Pretty_printing.ml and its test
 * expectations test/integration/good/pretty.expected show the layout).
 *
 * The program is printed from its tree into one stream of text, breaks and
 * boxes that format_box.c lays out with the rules of OCaml's Format module,
 * which stanc3 prints with: a statement list is a vertical box; a call's
 * arguments sit in a box that opens after its "(", so continuation lines
 * align under the first argument; a binary operator's operands sit in a
 * box, so a long sum breaks before an operator and continues under its
 * first operand; a declaration and an assignment are horizontal boxes
 * (only the boxes inside them break).  Details that follow stanc3:
 *   - `1 : N` in loops and slices (`x[ : , 1]`, `x[2 : ]`), ` T[ , U]`;
 *   - a `while` body that is not a block stays on the `while` line, other
 *     unbraced bodies go on the next line, indented by two;
 *   - no blank lines between program blocks; blank lines between items as
 *     in the source (one at most), indented like the items;
 *   - an empty block prints as `{`, an indented empty line, `}`;
 *   - comments go where the source had them relative to statements and to
 *     the elements of argument lists and operators; a comment the printer
 *     cannot place (say, inside a declaration's type) moves to the next
 *     item, marked `^^^:` as stanc3 marks moved comments.
 * What is printed is a function of the tree and of the positions of the
 * comments, so formatting the output again changes nothing.
 *
 * Statements that came from a top-level #include are replaced by the
 * directive, unless canon_includes asks for them to be printed in place or
 * the include does not cover whole items (it begins or ends inside a
 * statement): then it is printed in place too, as stanc3 documents.
 *
 * canon_deprecations: the parser accepts no removed syntax but `#`
 * comments, and those are always printed as `//` comments; what the option
 * still rewrites (needless forward declarations, reals used as booleans)
 * is in format_canon.c. */
#include "frontend.h"
#include "format_box.h"
#include "format_canon.h"

#include <limits.h>
#include <string.h>

/* ---------------------------------------------------------------- state */

/* A place in the main file.  Items from included files sit where their
 * top-level #include directive is.  With canon_includes, the included
 * text is printed in place: then `offset` counts in the text as read, the
 * included files spliced in at their directives (what stanc3's
 * Location.compare orders by), and `file` is the file of `line`. */
typedef struct Pos {
    int offset, line, file;
} Pos;

/* What the lexer saw between the tokens of the main file, in source order
 * (stanc3 keeps the same list): comments, #include directives printed like
 * comments, and separators, the tokens a comment can sit before or after
 * inside an expression (, | < > ? else and the binary operators). */
typedef enum NoteKind {
    NOTE_LINE, NOTE_BLOCK, NOTE_INCLUDE, NOTE_SEPARATOR
} NoteKind;

typedef struct Note {
    NoteKind kind;
    Pos begin, end;        /* a separator: both where it ends */
    int col;               /* column of the comment's first character */
    const char *text;      /* LINE, INCLUDE: as printed (`#` comments as
                              `//`); BLOCK: between the markers */
} Note;

typedef struct Fmt {
    FbDoc d;
    const FeUnit *u;
    const FmtOptions *o;
    Arena *arena;
    int nfiles;
    int *top_include;       /* per file: the top-level #include it came
                               through, -1 for the main file */
    int nincludes;
    bool *include_clean;    /* the include covers whole items only */
    bool *include_items;    /* ...and at least one */
    Note *notes;
    int nnotes, next_note;
    Note *moved;            /* comments the printer passed inside an item,
                               printed before the next one */
    int nmoved, moved_cap;
    int *read_at;           /* canon_includes, per file: where its text
                               starts in the text as read */
    int *read_len;          /* ...and how long it is, its includes in it */
} Fmt;

/* ------------------------------------------------------------ positions */

/* Where offset `at` of file `file` is in the text as read: the files it
 * includes before `at` come first. */
static int read_offset(const Fmt *f, int file, int at)
{
    if (at >= INT_MAX / 4)
        return INT_MAX;
    int r = f->read_at[file] + at;
    for (int i = file + 1; i < f->nfiles; i++) {
        const SrcFile *sf = src_file(&f->u->sm, i);
        if (sf && sf->parent == file && sf->include_loc.offset < at)
            r += f->read_len[i];
    }
    return r;
}

static Pos map_loc(const Fmt *f, Loc l)
{
    if (f->read_at && l.file >= 0 && l.file < f->nfiles) {
        Pos p = {read_offset(f, l.file, l.offset), l.line, l.file};
        return p;
    }
    /* The main file is file 0; follow the include chain up to it. */
    while (l.file > 0) {
        const SrcFile *sf = src_file(&f->u->sm, l.file);
        if (!sf)
            break;
        l = sf->include_loc;
    }
    Pos p = {l.offset, l.line, 0};
    return p;
}

/* canon_includes: the text as read, each included file spliced in one
 * past its directive's start (a file is added after the one that includes
 * it, so its index is larger). */
static void setup_read_order(Fmt *f)
{
    int n = f->nfiles;
    f->read_at = arena_alloc(f->arena, sizeof(int) * (size_t)(n + 1));
    f->read_len = arena_alloc(f->arena, sizeof(int) * (size_t)(n + 1));
    for (int i = 0; i < n; i++) {
        const SrcFile *sf = src_file(&f->u->sm, i);
        f->read_len[i] = (sf ? (int)sf->len : 0) + 1;
    }
    for (int i = n - 1; i > 0; i--) {
        const SrcFile *sf = src_file(&f->u->sm, i);
        if (sf && sf->parent >= 0 && sf->parent < i)
            f->read_len[sf->parent] += f->read_len[i];
    }
    f->read_at[0] = 0;
    for (int i = 1; i < n; i++) {
        const SrcFile *sf = src_file(&f->u->sm, i);
        f->read_at[i] = sf && sf->parent >= 0 && sf->parent < i
            ? read_offset(f, sf->parent, sf->include_loc.offset) + 1 : 0;
    }
}

static Pos begin_of(const Fmt *f, Span s)
{
    return map_loc(f, s.begin);
}

static Pos end_of(const Fmt *f, Span s)
{
    return map_loc(f, s.end);
}

/* ------------------------------------------------------------ includes */

static int include_of(const Fmt *f, Loc l)
{
    return l.file > 0 && l.file < f->nfiles ? f->top_include[l.file] : -1;
}

/* The include a span lies wholly in, or -1; an include that a span enters
 * or leaves cannot be printed as its directive. */
static int scan_span(Fmt *f, Span s)
{
    int b = include_of(f, s.begin), e = include_of(f, s.end);
    if (b >= 0 && b == e)
        return b;
    if (b >= 0)
        f->include_clean[b] = false;
    if (e >= 0)
        f->include_clean[e] = false;
    return -1;
}

static void scan_list(Fmt *f, Stmt **items, int n);

/* `listed`: the statement is an item of a list, which a directive line can
 * stand for; a loop body or a function body cannot be replaced so. */
static void scan_stmt(Fmt *f, const Stmt *s, bool listed)
{
    int k = scan_span(f, s->span);
    if (k >= 0) {
        if (listed)
            f->include_items[k] = true;
        else
            f->include_clean[k] = false;
        return;
    }
    switch (s->kind) {
    case ST_IF:
        scan_stmt(f, s->body, false);
        if (s->else_body)
            scan_stmt(f, s->else_body, false);
        break;
    case ST_WHILE: case ST_FOR: case ST_FOREACH:
        scan_stmt(f, s->body, false);
        break;
    case ST_BLOCK: case ST_PROFILE:
        scan_list(f, s->stmts, s->nstmts);
        break;
    case ST_FUNDEF:
        if (s->fundef->body)
            scan_stmt(f, s->fundef->body, false);
        break;
    default:
        break;
    }
}

static void scan_list(Fmt *f, Stmt **items, int n)
{
    for (int i = 0; i < n; i++) {
        int j = fmt_group_end(items, n, i);
        if (j == i) {
            scan_stmt(f, items[i], true);
            continue;
        }
        Span whole = {items[i]->span.begin, items[j]->span.end};
        int k = scan_span(f, whole);
        if (k >= 0) {
            f->include_items[k] = true;
        } else {
            for (int m = i; m <= j; m++) {
                int km = scan_span(f, items[m]->span);
                if (km >= 0)
                    f->include_clean[km] = false;
            }
        }
        i = j;
    }
}

/* Whether an item is printed as the #include directive it came from. */
static bool skipped(const Fmt *f, Span s)
{
    if (f->o->canon_includes)
        return false;
    int b = include_of(f, s.begin);
    return b >= 0 && b == include_of(f, s.end) && f->include_clean[b];
}

/* The directive as stanc3 prints it: `#include x`, the file name without
 * the quotes or angle brackets written around it (stanc3's lexer keeps
 * only the name; cli-args/canonicalize/include/stanc.expected prints
 * `#include "a.stanfunctions"` as `#include a.stanfunctions`).  A name
 * with a blank keeps them: without, it would not read back. */
static const char *directive_text(Fmt *f, int k)
{
    const SrcFile *m = src_file(&f->u->sm, 0);
    const char *name = f->u->tokens.includes[k];
    if (!strpbrk(name, " \t"))
        return arena_printf(f->arena, "#include %s", name);
    size_t at = (size_t)f->u->tokens.include_spans[k].begin.offset + 8;
    while (at < m->len && (m->text[at] == ' ' || m->text[at] == '\t'))
        at++;
    char open = at < m->len ? m->text[at] : ' ';
    if (open == '<')
        return arena_printf(f->arena, "#include <%s>", name);
    if (open == '"')
        return arena_printf(f->arena, "#include \"%s\"", name);
    return arena_printf(f->arena, "#include %s", name);
}

static void setup_includes(Fmt *f)
{
    const SourceMgr *sm = &f->u->sm;
    const TokenList *tl = &f->u->tokens;
    f->nfiles = sm->files.len;
    f->top_include = arena_alloc(f->arena,
                                 sizeof(int) * (size_t)(f->nfiles + 1));
    /* Top-level includes are the files whose parent is the main file, in
     * the order their directives were read. */
    int k = 0;
    for (int i = 0; i < f->nfiles; i++) {
        const SrcFile *sf = src_file(sm, i);
        f->top_include[i] = i > 0 && sf->parent == 0 ? k++ : -1;
    }
    for (int i = 1; i < f->nfiles; i++) {
        int top = i;
        while (top > 0 && src_file(sm, top)->parent > 0)
            top = src_file(sm, top)->parent;
        f->top_include[i] = top > 0 ? f->top_include[top] : -1;
    }
    f->nincludes = k == tl->nincludes ? k : 0;
    f->include_clean = arena_alloc(f->arena, sizeof(bool) * (size_t)(k + 1));
    f->include_items = arena_alloc(f->arena, sizeof(bool) * (size_t)(k + 1));
    for (int i = 0; i < k; i++)
        f->include_clean[i] = f->nincludes > 0;
    if (f->nincludes == 0) {
        /* Cannot match files to directives: print everything in place. */
        for (int i = 0; i < f->nfiles; i++)
            f->top_include[i] = -1;
        return;
    }
    const Program *p = f->u->prog;
    for (int b = 0; b < BLK__COUNT; b++) {
        const Block *blk = &p->blocks[b];
        if (!blk->present)
            continue;
        int in = p->is_functions_file ? -1 : scan_span(f, blk->span);
        if (in >= 0)
            f->include_items[in] = true;
        else
            scan_list(f, blk->stmts, blk->nstmts);
    }
}

static void add_note(Fmt *f, NoteKind kind, Pos begin, Pos end, int col,
                     const char *text)
{
    Note *n = &f->notes[f->nnotes++];
    n->kind = kind;
    n->begin = begin;
    n->end = end;
    n->col = col;
    n->text = text;
}

/* Whether a comment or separator of file `file` is among the notes: with
 * canon_includes those of every file, else those of the main file (stanc3
 * drops the comments of included files it does not print). */
static bool noted_file(const Fmt *f, int file)
{
    return file == 0 || (f->read_at && file > 0 && file < f->nfiles);
}

/* The comments in the order of the text as read (the lexer reads a
 * comment after a directive, on its line, before the included text); none
 * with canon_strip_comments, which stanc3 prints as if the program had
 * none (the blank lines between items stay where the source has them). */
static int *comments_in_order(Fmt *f, int *count)
{
    const Program *p = f->u->prog;
    int *order = arena_alloc(f->arena, sizeof(int) * (size_t)(p->ncomments + 1));
    int n = 0;
    for (int i = 0; !f->o->canon_strip_comments && i < p->ncomments; i++) {
        if (!noted_file(f, p->comments[i].span.begin.file))
            continue;
        int at = map_loc(f, p->comments[i].span.begin).offset;
        int j = n++;
        while (j > 0 && map_loc(f, p->comments[order[j - 1]].span.begin).offset > at) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
    *count = n;
    return order;
}

static void add_comment_note(Fmt *f, const Comment *cm)
{
    const char *text = cm->text;
    size_t len = strlen(text);
    Pos b = map_loc(f, cm->span.begin);
    Pos e = map_loc(f, cm->span.end);
    if (cm->hash)
        text = arena_printf(f->arena, "//%s", text + 1);
    if (text[0] == '/' && text[1] == '*') {
        text = arena_strndup(f->arena, text + 2, len >= 4 ? len - 4 : 0);
        add_note(f, NOTE_BLOCK, b, e, cm->span.begin.col, text);
        return;
    }
    len = strlen(text);
    while (len > 2 && (text[len - 1] == '\n' || text[len - 1] == '\r'))
        len--;
    e.line = b.line;
    add_note(f, NOTE_LINE, b, e, cm->span.begin.col,
             arena_strndup(f->arena, text, len));
}

/* The comments, the directives that stand for the items of their includes
 * (or for nothing: an include of only comments), and the separators,
 * merged in source order. */
static void setup_notes(Fmt *f)
{
    const Program *p = f->u->prog;
    const TokenList *tl = &f->u->tokens;
    f->notes = arena_alloc(f->arena, sizeof(Note)
                           * (size_t)(p->ncomments + f->nincludes
                                      + tl->len + 1));
    bool *has_tokens = arena_alloc(f->arena, (size_t)f->nincludes + 1);
    for (int i = 0; i < tl->len; i++) {
        int id = tl->toks[i].include_id;
        if (id >= 0 && id < f->nincludes)
            has_tokens[id] = true;
    }
    int ncomments;
    const int *order = comments_in_order(f, &ncomments);
    int c = 0, k = 0, t = 0;
    for (;;) {
        while (t < tl->len && (!noted_file(f, tl->toks[t].span.begin.file)
                               || !fmt_is_separator(tl->toks[t].kind)))
            t++;
        int at_c = c < ncomments
            ? map_loc(f, p->comments[order[c]].span.begin).offset : INT_MAX;
        int at_k = k < f->nincludes ? tl->include_spans[k].begin.offset
                                    : INT_MAX;
        int at_t = t < tl->len ? map_loc(f, tl->toks[t].span.begin).offset
                               : INT_MAX;
        if (at_c == INT_MAX && at_k == INT_MAX && at_t == INT_MAX)
            break;
        if (at_t < at_c && at_t < at_k) {
            Loc e = tl->toks[t++].span.end;
            Pos pos = map_loc(f, e);
            add_note(f, NOTE_SEPARATOR, pos, pos, e.col, NULL);
        } else if (at_k < at_c) {
            if (!f->o->canon_includes && f->include_clean[k]
                && (f->include_items[k] || !has_tokens[k])) {
                Span s = tl->include_spans[k];
                Pos b = {s.begin.offset, s.begin.line, 0};
                Pos e = {s.end.offset, s.end.line, 0};
                add_note(f, NOTE_INCLUDE, b, e, s.begin.col,
                         directive_text(f, k));
            }
            k++;
        } else {
            add_comment_note(f, &p->comments[order[c++]]);
        }
    }
}

/* ------------------------------------------------------------- comments */

/* The comments that begin before `before` and are next in order: stanc3's
 * get_comments, which passes over separators before `before`, or (with
 * until_separator) get_comments_until_separator, which stops at the first
 * separator.  Returns how many, at *out. */
static int take_comments(Fmt *f, Pos before, bool until_separator,
                         const Note **out)
{
    int from = f->next_note, n = 0;
    while (f->next_note < f->nnotes) {
        const Note *nt = &f->notes[f->next_note];
        if (nt->kind == NOTE_SEPARATOR) {
            if (until_separator || nt->end.offset > before.offset)
                break;
        } else if (nt->begin.offset >= before.offset) {
            break;
        } else {
            n++;
        }
        f->next_note++;
    }
    *out = NULL;
    if (n == 0)
        return 0;
    Note *list = arena_alloc(f->arena, sizeof(Note) * (size_t)n);
    int k = 0;
    for (int i = from; i < f->next_note; i++)
        if (f->notes[i].kind != NOTE_SEPARATOR)
            list[k++] = f->notes[i];
    *out = list;
    return n;
}

/* Format's @, and @ inside the current box. */
static void cut(Fmt *f) { fb_cut(&f->d); }
static void space(Fmt *f) { fb_space(&f->d); }
static void text(Fmt *f, const char *s) { fb_text(&f->d, s); }
static void open_box(Fmt *f, FbBoxKind k, int indent)
{
    fb_open(&f->d, k, indent);
}
static void close_box(Fmt *f) { fb_close(&f->d); }

/* The margin the document is laid out for. */
static int fmt_margin(const FmtOptions *o)
{
    return o->max_line_length > 0 ? o->max_line_length : 78;
}

/* One comment.  The lines of a block comment after its first keep their
 * indentation relative to the comment's column, counted from the maximum
 * indentation where the comment starts right of it: there the layout puts
 * the lines after the first at the maximum indentation, so formatting again
 * measures from there (else each run moved them left). */
static void put_comment(Fmt *f, const Note *n)
{
    if (n->kind != NOTE_BLOCK) {
        text(f, n->text);
        return;
    }
    const char *t = n->text;
    if (!strchr(t, '\n')) {
        /* one line: no box, so nothing can break inside it (a box opened
         * past the maximum indentation breaks the line where it opens,
         * which inside the comment changed its text: the fuzzer) */
        text(f, "/*");
        fb_textn(&f->d, t, (int)strlen(t));
        text(f, "*/");
        return;
    }
    /* the box opens before the comment: a break it forces moves the
     * whole comment to the next line, never splits it */
    open_box(f, FB_V, 0);
    text(f, "/*");
    int pad = n->col > 0 ? n->col : 0;
    int max_indent = fb_max_indent(fmt_margin(f->o));
    if (pad > max_indent)
        pad = max_indent;
    for (const char *s = strchr(t, '\n'); s; s = strchr(s + 1, '\n')) {
        int lead = 0;
        while (s[1 + lead] == ' ')
            lead++;
        if (s[1 + lead] != '\n' && s[1 + lead] != '\0' && lead < pad)
            pad = lead;
    }
    for (bool first = true;; first = false) {
        const char *nl = strchr(t, '\n');
        int len = nl ? (int)(nl - t) : (int)strlen(t);
        if (!first) {
            cut(f);
            int drop = 0;
            while (drop < pad && drop < len && t[drop] == ' ')
                drop++;
            t += drop;
            len -= drop;
        }
        fb_textn(&f->d, t, len);
        if (!nl)
            break;
        t = nl + 1;
    }
    text(f, "*/");
    close_box(f);
}

/* Between two things at `prev` and `next`: a blank line if the source had
 * one or they are in different files, else a new line if `newline` or the
 * source had one, else a space (stanc3's pp_space). */
static void put_space(Fmt *f, bool newline, Pos prev, Pos next)
{
    if (prev.file != next.file || prev.line + 1 < next.line) {
        cut(f);
        cut(f);
    } else if (newline || prev.line < next.line) {
        cut(f);
    } else {
        text(f, " ");
    }
}

/* The comments moved out of the item before, each after a blank line
 * (the first without one at the start of a list: there, formatting again
 * finds it an ordinary first comment, which has none).  True when the last
 * is a line comment: what follows must start a new line, or the comment
 * swallows it (the fuzzer's round trip: a comment moved out of a for
 * loop's head commented out the loop's body). */
static bool put_moved(Fmt *f, bool first_in_list)
{
    Pos prev = {0, -1, 0};
    bool line = false;
    for (int i = 0; i < f->nmoved; i++) {
        if (i > 0 || !first_in_list)
            put_space(f, false, prev, f->moved[i].begin);
        put_comment(f, &f->moved[i]);
        prev = f->moved[i].end;
        line = f->moved[i].kind != NOTE_BLOCK;
    }
    f->nmoved = 0;
    return line;
}

/* The comments left inside the item that ended at `end` are moved to the
 * next place comments are printed, marked as stanc3 marks them. */
static void move_comments(Fmt *f, Pos end)
{
    const Note *list;
    int n = take_comments(f, end, false, &list);
    for (int i = 0; i < n; i++) {
        if (f->nmoved == f->moved_cap) {
            int ncap = f->moved_cap ? 2 * f->moved_cap : 8;
            Note *grown = arena_alloc(f->arena, sizeof(Note) * (size_t)ncap);
            if (f->nmoved)
                memcpy(grown, f->moved, sizeof(Note) * (size_t)f->nmoved);
            f->moved = grown;
            f->moved_cap = ncap;
        }
        Note m = list[i];
        if (m.kind == NOTE_LINE)
            m.text = arena_printf(f->arena, "// ^^^:%s", m.text + 2);
        else if (m.kind == NOTE_BLOCK)
            m.text = arena_printf(f->arena, " ^^^:%s", m.text);
        f->moved[f->nmoved++] = m;
    }
}

/* Comments between items (stanc3's pp_spacing): those in `list` after
 * `prev` (if any) and before `next` (if any), each where the source lines
 * put it. */
static void put_spacing(Fmt *f, bool newline, const Pos *prev,
                        const Pos *next, const Note *list, int n)
{
    if (n > 0 && list[n - 1].kind != NOTE_BLOCK)
        newline = true;
    if (n == 0) {
        bool line = put_moved(f, prev == NULL);
        if (prev && next)
            put_space(f, newline || line, *prev, *next);
        else if (line && next)
            cut(f);
        return;
    }
    if (prev)
        put_space(f, false, *prev, list[0].begin);
    put_comment(f, &list[0]);
    bool line = put_moved(f, false);
    Pos last = list[0].end;
    for (int i = 1; i < n; i++) {
        put_space(f, line, last, list[i].begin);
        line = false;
        put_comment(f, &list[i]);
        last = list[i].end;
    }
    if (next)
        put_space(f, newline || line, last, *next);
}

/* Comments inside an expression or a list (stanc3's pp_comments_spacing):
 * a line comment ends its line. */
static void put_inline_comments(Fmt *f, bool space_before,
                                bool until_separator, Pos before)
{
    const Note *list;
    int n = take_comments(f, before, until_separator, &list);
    if (n == 0)
        return;
    if (space_before)
        space(f);
    for (int i = 0; i < n; i++) {
        put_comment(f, &list[i]);
        if (list[i].kind != NOTE_BLOCK)
            fb_newline(&f->d);
    }
    if (list[n - 1].kind == NOTE_BLOCK && !space_before)
        space(f);
}

/* ---------------------------------------------------------- expressions */

/* What is printed for e: promotions are invisible, and with
 * canon_parentheses so are the parentheses as written (stanc3's
 * Canonicalize.no_parens; put_operand keeps some). */
static const Expr *visible(const Fmt *f, const Expr *e)
{
    while (e->kind == EX_PROMOTE
           || (e->kind == EX_PAREN && f->o->canon_parentheses))
        e = e->lhs;
    return e;
}

/* A condition, or an operand of !, && or ||: with canon_deprecations a
 * real is compared with 0.0 (see format_canon.c). */
static const Expr *as_condition(Fmt *f, const Expr *e, bool parens)
{
    return f->o->canon_deprecations ? fmt_real_as_condition(f->arena, e, parens)
                                    : e;
}

/* With canon_parentheses, an operand, a range bound, a loop bound or the
 * tuple projected keeps one pair of the parentheses written around an
 * operator expression, and the others go (stanc3's Canonicalize.
 * keep_parens).  Returns what is printed inside the pair kept, or NULL. */
static const Expr *kept_in_parentheses(const Fmt *f, const Expr *e)
{
    if (!f->o->canon_parentheses)
        return NULL;
    e = fmt_skip_promotions(e);
    while (e->kind == EX_PAREN && fmt_skip_promotions(e->lhs)->kind == EX_PAREN)
        e = fmt_skip_promotions(e->lhs);
    if (e->kind != EX_PAREN)
        return NULL;
    const Expr *in = visible(f, e->lhs);
    bool op = in->kind == EX_BINARY || in->kind == EX_PREFIX
              || in->kind == EX_POSTFIX || in->kind == EX_TERNARY;
    return op ? in : NULL;
}

static void put_expr(Fmt *f, const Expr *e, int min_prec);
static void put_operand(Fmt *f, const Expr *e, int min_prec);

/* The elements of a list between brackets (stanc3's pp_list_of): each
 * comment stays before or after its comma, and a line comment ends its
 * line.  `whole` is the span of the construct the list is in: comments
 * before it were passed inside an earlier item and move on. */
static void put_list(Fmt *f, Expr *const *args, int n, Span whole)
{
    move_comments(f, begin_of(f, whole));
    if (n > 0)
        put_inline_comments(f, false, false, begin_of(f, args[0]->span));
    for (int i = 0; i < n; i++) {
        put_expr(f, args[i], PREC_TERNARY);
        if (i + 1 < n) {
            Pos next = begin_of(f, args[i + 1]->span);
            put_inline_comments(f, true, true, next);
            text(f, ",");
            space(f);
            put_inline_comments(f, false, false, next);
        }
    }
    put_inline_comments(f, true, false, end_of(f, whole));
}

/* open + a box holding the list and close: a call's arguments,
 * {...}, [...] and (...) */
static void put_bracketed(Fmt *f, const char *open, Expr *const *args, int n,
                          const char *close, Span whole)
{
    text(f, open);
    open_box(f, FB_B, 0);
    put_list(f, args, n, whole);
    text(f, close);
    close_box(f);
}

/* With canon_parentheses the bounds of a range keep their parentheses
 * around an operator, a single index does not (stanc3's no_parens), nor
 * does any index of the variable assigned to (its parens_lval). */
static void put_index(Fmt *f, const Index *ix, bool lvalue)
{
    void (*bound)(Fmt *, const Expr *, int) = lvalue ? put_expr : put_operand;
    switch (ix->kind) {
    case IDX_ALL:
        text(f, " : ");
        break;
    case IDX_SINGLE: case IDX_MULTI:
        put_expr(f, ix->lo, PREC_TERNARY);
        break;
    case IDX_UPPER:
        text(f, " : ");
        bound(f, ix->hi, PREC_TERNARY);
        break;
    case IDX_LOWER:
        bound(f, ix->lo, PREC_TERNARY);
        text(f, " : ");
        break;
    case IDX_BETWEEN:
        bound(f, ix->lo, PREC_TERNARY);
        text(f, " : ");
        bound(f, ix->hi, PREC_TERNARY);
        break;
    }
}

static void put_indices(Fmt *f, const Expr *e, bool lvalue)
{
    text(f, "[");
    for (int i = 0; i < e->nindices; i++) {
        if (i)
            text(f, ", ");
        put_index(f, &e->indices[i], lvalue);
    }
    text(f, "]");
}

/* e itself, its own parentheses (if any) decided by the caller. */
static void put_bare(Fmt *f, const Expr *e)
{
    switch (e->kind) {
    case EX_INT: case EX_REAL: case EX_STRING:
        text(f, e->text);
        break;
    case EX_IMAG:
        text(f, arena_printf(f->arena, "%si", e->text));
        break;
    case EX_VAR:
        text(f, e->name);
        break;
    case EX_BINARY: {
        /* a box: operands on one line, or broken before the operator */
        int p = fmt_op_prec(e->op);
        bool pow = p == PREC_POW;   /* right associative, tighter operands */
        bool logic = e->op == OP_AND || e->op == OP_OR;
        const Expr *lhs = logic ? as_condition(f, e->lhs, true) : e->lhs;
        const Expr *rhs = logic ? as_condition(f, e->rhs, true) : e->rhs;
        Pos next = begin_of(f, e->rhs->span);
        open_box(f, FB_B, 0);
        if (f->o->canon_parentheses && fmt_chained_comparison(e)) {
            /* stanc3's canonicalizer brackets a comparison's left
             * operand when that is a comparison too */
            text(f, "(");
            put_bare(f, visible(f, lhs));
            text(f, ")");
        } else {
            put_operand(f, lhs, pow ? PREC_POSTFIX : p);
        }
        space(f);
        put_inline_comments(f, false, true, next);
        text(f, ast_op_str(e->op));
        text(f, " ");
        put_inline_comments(f, false, false, next);
        put_operand(f, rhs, pow ? PREC_PREFIX : p + 1);
        close_box(f);
        break;
    }
    case EX_PREFIX: {
        /* "- -a", not "--a", which reads as a decrement */
        const Expr *operand = visible(f, e->lhs);
        bool sign = e->op == OP_NEG || e->op == OP_PLUS;
        bool spaced = sign && !kept_in_parentheses(f, e->lhs)
                      && operand->kind == EX_PREFIX
                      && (operand->op == OP_NEG || operand->op == OP_PLUS);
        /* comments before the operator, then those between it and its
         * operand (stanc3 prints the latter before the operator too, so
         * they would drift left each time the output is formatted) */
        put_inline_comments(f, false, false, begin_of(f, e->span));
        text(f, spaced ? arena_printf(f->arena, "%s ", ast_op_str(e->op))
                       : ast_op_str(e->op));
        put_inline_comments(f, false, false, begin_of(f, e->lhs->span));
        put_operand(f, e->op == OP_NOT ? as_condition(f, e->lhs, true) : e->lhs,
                    PREC_PREFIX);
        break;
    }
    case EX_POSTFIX:
        put_operand(f, e->lhs, PREC_POSTFIX);
        text(f, ast_op_str(e->op));
        break;
    case EX_TERNARY: {
        Pos then = begin_of(f, e->lhs->span), els = begin_of(f, e->rhs->span);
        open_box(f, FB_B, 0);
        put_operand(f, e->cond, PREC_TERNARY + 1);
        space(f);
        put_inline_comments(f, false, true, then);
        text(f, "? ");
        put_inline_comments(f, false, false, then);
        put_operand(f, e->lhs, PREC_TERNARY);
        space(f);
        put_inline_comments(f, false, true, els);
        text(f, ": ");
        put_inline_comments(f, false, false, els);
        put_operand(f, e->rhs, PREC_TERNARY);
        close_box(f);
        break;
    }
    case EX_CALL:
        text(f, e->name);
        put_bracketed(f, "(", e->args, e->nargs, ")", e->span);
        break;
    case EX_COND_CALL: {
        /* a horizontal box: only the boxes inside the arguments break */
        Pos rest = e->nargs > 1 ? begin_of(f, e->args[1]->span)
                                : end_of(f, e->span);
        open_box(f, FB_H, 0);
        text(f, e->name);
        text(f, "(");
        put_expr(f, e->args[0], PREC_TERNARY);
        put_inline_comments(f, true, true, rest);
        text(f, " | ");
        put_inline_comments(f, false, false, rest);
        put_list(f, e->args + 1, e->nargs - 1, e->span);
        text(f, ")");
        close_box(f);
        break;
    }
    case EX_INDEX:
        put_operand(f, e->lhs, PREC_POSTFIX);
        put_indices(f, e, false);
        break;
    case EX_ARRAY_EXPR:
        put_bracketed(f, "{", e->args, e->nargs, "}", e->span);
        break;
    case EX_ROWVEC_EXPR:
        put_bracketed(f, "[", e->args, e->nargs, "]", e->span);
        break;
    case EX_TUPLE_EXPR:
        put_bracketed(f, "(", e->args, e->nargs, ")", e->span);
        break;
    case EX_TUPLE_PROJ:
        put_operand(f, e->lhs, fmt_ends_projectable(visible(f, e->lhs))
                               ? PREC_POSTFIX : PREC_ABOVE_ALL);
        text(f, ".");
        text(f, e->text);
        break;
    case EX_PAREN:
        text(f, "(");
        put_expr(f, e->lhs, PREC_TERNARY);
        text(f, ")");
        break;
    case EX_PROMOTE:
        put_expr(f, e->lhs, PREC_TERNARY);
        break;
    case EX_GET_LP:
        text(f, "target()");
        break;
    case EX__COUNT:
        break;
    }
}

/* e where the grammar needs an expression of precedence min_prec or
 * tighter: parentheses are added where it is looser.  Without
 * canon_parentheses that never happens for a parsed tree, whose
 * parentheses are all EX_PAREN nodes. */
static void put_expr(Fmt *f, const Expr *e, int min_prec)
{
    e = visible(f, e);
    if (fmt_expr_prec(e) >= min_prec) {
        put_bare(f, e);
        return;
    }
    text(f, "(");
    put_bare(f, e);
    text(f, ")");
}

/* e as an operand, a range bound, a loop bound or the tuple projected
 * (see kept_in_parentheses).  Parentheses the grammar needs are added in
 * any case. */
static void put_operand(Fmt *f, const Expr *e, int min_prec)
{
    const Expr *in = kept_in_parentheses(f, e);
    if (!in) {
        put_expr(f, e, min_prec);
        return;
    }
    text(f, "(");
    put_bare(f, in);
    text(f, ")");
}

/* The variable an assignment sets: no parentheses in its indices with
 * canon_parentheses (stanc3's parens_lval). */
static void put_lvalue(Fmt *f, const Expr *e)
{
    e = visible(f, e);
    if (!f->o->canon_parentheses) {
        put_expr(f, e, PREC_TERNARY);
    } else if (e->kind == EX_INDEX) {
        put_lvalue(f, e->lhs);
        put_indices(f, e, true);
    } else if (e->kind == EX_TUPLE_PROJ) {
        put_lvalue(f, e->lhs);
        text(f, ".");
        text(f, e->text);
    } else {
        put_expr(f, e, PREC_TERNARY);
    }
}


/* ---------------------------------------------------------------- types */

static void put_bound(Fmt *f, const char *name, const Expr *e)
{
    text(f, name);
    /* a bound is additive or tighter: a ">" in it would close the "<" */
    put_operand(f, e, PREC_ADD);
}

static void put_transform(Fmt *f, const Transform *tr)
{
    const char *first = NULL, *second = NULL;
    switch (tr->kind) {
    case TR_LOWER: first = "lower="; break;
    case TR_UPPER: second = "upper="; break;
    case TR_LOWER_UPPER: first = "lower="; second = "upper="; break;
    case TR_OFFSET: first = "offset="; break;
    case TR_MULTIPLIER: second = "multiplier="; break;
    case TR_OFFSET_MULTIPLIER:
        first = "offset=";
        second = "multiplier=";
        break;
    default: return;   /* simplex etc.: the type's keyword says it */
    }
    text(f, "<");
    open_box(f, FB_B, 0);
    if (first)
        put_bound(f, first, tr->a);
    if (first && second) {
        text(f, ",");
        space(f);
    }
    if (second)
        put_bound(f, second, tr->b);
    close_box(f);
    text(f, ">");
}

static void put_sized(Fmt *f, const SizedType *st)
{
    if (st->kind == TY_ARRAY) {
        /* array[...] then the element type: the break between them is
         * taken only inside a tuple's box */
        Span dims = {st->dims[0]->span.begin,
                     st->dims[st->ndims - 1]->span.end};
        text(f, "array[");
        open_box(f, FB_B, 0);
        put_list(f, st->dims, st->ndims, dims);
        text(f, "]");
        close_box(f);
        space(f);
        put_sized(f, st->elem);
        return;
    }
    if (st->kind == TY_TUPLE) {
        text(f, "tuple(");
        open_box(f, FB_B, 0);
        for (int i = 0; i < st->nitems; i++) {
            if (i) {
                text(f, ",");
                space(f);
            }
            put_sized(f, st->items[i]);
        }
        text(f, ")");
        close_box(f);
        return;
    }
    text(f, st->keyword ? st->keyword : ty_str(f->arena, ty_basic(st->kind)));
    put_transform(f, &st->tr);
    if (st->nsizes > 0) {
        text(f, "[");
        put_expr(f, st->size[0], PREC_TERNARY);
        if (st->nsizes > 1) {
            text(f, ", ");
            put_expr(f, st->size[1], PREC_TERNARY);
        }
        text(f, "]");
    }
}

static void put_annotations(Fmt *f, const Annotation *a, int n)
{
    for (int i = 0; i < n; i++)
        text(f, arena_printf(f->arena, "@%s ", a[i].text));
}

/* ----------------------------------------------------------- statements */

static void put_stmt(Fmt *f, const Stmt *s);
static void put_list_of_stmts(Fmt *f, Stmt **items, int n, Span whole);

/* Two spaces, then a box: what a block's items or an unbraced body are
 * indented with (stanc3's indented_box). */
static void put_indented_stmts(Fmt *f, Stmt **items, int n, Span whole)
{
    open_box(f, FB_H, 0);
    text(f, "  ");
    open_box(f, FB_B, 0);
    put_list_of_stmts(f, items, n, whole);
    close_box(f);
    close_box(f);
}

/* "{", the items on lines of their own, "}" */
static void put_braced(Fmt *f, Stmt **items, int n, Span whole)
{
    text(f, "{");
    cut(f);
    put_indented_stmts(f, items, n, whole);
    cut(f);
    text(f, "}");
}

/* The body of if/for: a block follows on the same line; another statement
 * goes on the next line, indented, after the comments before it.  `after`
 * is where the head ends. */
static void put_body(Fmt *f, const Stmt *body, Pos after)
{
    if (body->kind == ST_BLOCK) {
        put_stmt(f, body);
        return;
    }
    if (f->o->canon_braces) {
        /* stanc3 wraps the body in a block spanning the body */
        Stmt *one[1] = {(Stmt *)body};
        put_braced(f, one, 1, body->span);
        return;
    }
    Pos b = begin_of(f, body->span);
    const Note *list;
    int n = take_comments(f, b, false, &list);
    put_spacing(f, true, &after, &b, list, n);
    open_box(f, FB_H, 0);
    text(f, "  ");
    open_box(f, FB_B, 0);
    put_stmt(f, body);
    close_box(f);
    close_box(f);
}

/* A while loop's body follows its head on the same line, braced or not
 * (stanc3 prints it so). */
static void put_body_of_while(Fmt *f, const Stmt *body)
{
    if (body->kind != ST_BLOCK && f->o->canon_braces) {
        Stmt *one[1] = {(Stmt *)body};
        put_braced(f, one, 1, body->span);
        return;
    }
    put_stmt(f, body);
}

/* if (c) body [else body], an else-if chain at one indentation. */
static void put_if_chain(Fmt *f, const Stmt *s, Pos line_of_else)
{
    if (s->kind != ST_IF) {
        put_body(f, s, line_of_else);
        return;
    }
    text(f, "if (");
    put_expr(f, as_condition(f, s->cond, false), PREC_TERNARY);
    text(f, ") ");
    put_body(f, s->body, end_of(f, s->cond->span));
    const Stmt *els = s->else_body;
    if (!els)
        return;
    if (f->o->canon_braces && els->kind == ST_BLOCK && els->nstmts == 1
        && els->stmts[0]->kind == ST_IF)
        els = els->stmts[0];    /* else { if ... } reads else if ...: stanc3
                                   flattens it (Canonicalize.blocks_stmt) */
    Pos end = end_of(f, s->body->span);
    Pos eb = begin_of(f, els->span);
    const Note *list;
    int n = take_comments(f, eb, true, &list);
    bool braced = s->body->kind == ST_BLOCK || f->o->canon_braces;
    put_spacing(f, !braced, &end, &end, list, n);
    text(f, "else ");
    put_inline_comments(f, false, false, eb);
    Pos next = {end.offset, end.line + 1, end.file};
    put_if_chain(f, els, next);
}

static void put_decls(Fmt *f, Stmt *const *group, int n)
{
    const VarDecl *first = group[0]->decl;
    open_box(f, FB_H, 0);
    put_annotations(f, first->annots, first->nannots);
    put_sized(f, first->type);
    for (int i = 0; i < n; i++) {
        const VarDecl *v = group[i]->decl;
        text(f, i ? ", " : " ");
        text(f, v->name);
        if (v->init) {
            text(f, " = ");
            put_expr(f, v->init, PREC_TERNARY);
        }
    }
    text(f, ";");
    close_box(f);
}

static void put_fundef(Fmt *f, const Stmt *s)
{
    const FunDef *fd = s->fundef;
    put_annotations(f, fd->annots, fd->nannots);
    text(f, ty_str(f->arena, fd->ret));
    text(f, " ");
    text(f, fd->name);
    text(f, "(");
    open_box(f, FB_B, 0);
    Pos limit = fd->body ? begin_of(f, fd->body->span) : end_of(f, s->span);
    move_comments(f, begin_of(f, s->span));
    for (int i = 0; i < fd->nparams; i++) {
        const Param *p = &fd->params[i];
        Pos at = begin_of(f, p->name_span);
        if (i) {
            put_inline_comments(f, true, true, at);
            text(f, ",");
            space(f);
        }
        put_inline_comments(f, false, false, at);
        text(f, arena_printf(f->arena, "%s%s %s", p->data_only ? "data " : "",
                             ty_str(f->arena, p->type), p->name));
    }
    put_inline_comments(f, true, false, limit);
    close_box(f);
    if (!fd->body) {
        text(f, ");");
        return;
    }
    text(f, ") ");
    put_stmt(f, fd->body);
}

/* print(...), reject(...), fatal_error(...): a hov box of the printables */
static void put_printables(Fmt *f, const char *keyword, const Stmt *s)
{
    text(f, keyword);
    text(f, "(");
    open_box(f, FB_HOV, 0);
    for (int i = 0; i < s->nargs; i++) {
        if (i) {
            text(f, ",");
            space(f);
        }
        put_expr(f, s->args[i], PREC_TERNARY);
    }
    close_box(f);
    text(f, ");");
}

static void put_tilde(Fmt *f, const Stmt *s)
{
    put_expr(f, s->lhs, PREC_TERNARY);
    text(f, " ~ ");
    text(f, s->name);
    text(f, "(");
    open_box(f, FB_B, 0);
    put_list(f, s->args, s->nargs, s->span);
    text(f, ")");
    close_box(f);
    if (s->truncated) {
        /* T[L, ], T[ , U] or T[L, U] */
        text(f, " T[");
        if (s->trunc_lo)
            put_expr(f, s->trunc_lo, PREC_TERNARY);
        else
            text(f, " ");
        text(f, ", ");
        if (s->trunc_hi)
            put_expr(f, s->trunc_hi, PREC_TERNARY);
        text(f, "]");
    }
    text(f, ";");
}

static void put_stmt(Fmt *f, const Stmt *s)
{
    switch (s->kind) {
    case ST_ASSIGN:
        open_box(f, FB_H, 0);
        put_lvalue(f, s->lhs);
        text(f, arena_printf(f->arena, " %s ", ast_assign_op_str(s->aop)));
        put_expr(f, s->rhs, PREC_TERNARY);
        text(f, ";");
        close_box(f);
        break;
    case ST_CALL: {
        const Expr *call = visible(f, s->expr);
        if (call->kind != EX_CALL) {
            put_expr(f, call, PREC_TERNARY);
            text(f, ";");
            break;
        }
        text(f, call->name);
        text(f, "(");
        open_box(f, FB_B, 0);
        put_list(f, call->args, call->nargs, s->span);
        text(f, ");");
        close_box(f);
        break;
    }
    case ST_TILDE:
        put_tilde(f, s);
        break;
    case ST_TARGET_PE:
    case ST_INCR_LOG_PROB:  /* removed syntax; target += replaces it */
        text(f, "target += ");
        put_expr(f, s->rhs, PREC_TERNARY);
        text(f, ";");
        break;
    case ST_JACOBIAN_PE:
        text(f, "jacobian += ");
        put_expr(f, s->rhs, PREC_TERNARY);
        text(f, ";");
        break;
    case ST_BREAK:
        text(f, "break;");
        break;
    case ST_CONTINUE:
        text(f, "continue;");
        break;
    case ST_RETURN:
        if (!s->rhs) {
            text(f, "return;");
            break;
        }
        text(f, "return ");
        open_box(f, FB_H, 0);
        put_expr(f, s->rhs, PREC_TERNARY);
        close_box(f);
        text(f, ";");
        break;
    case ST_PRINT:
        put_printables(f, "print", s);
        break;
    case ST_REJECT:
        put_printables(f, "reject", s);
        break;
    case ST_FATAL_ERROR:
        put_printables(f, "fatal_error", s);
        break;
    case ST_SKIP:
        text(f, ";");
        break;
    case ST_INCLUDE:
        text(f, arena_printf(f->arena, "#include %s", s->name));
        break;
    case ST_DECL: {
        Stmt *one[1] = {(Stmt *)s};
        put_decls(f, one, 1);
        break;
    }
    case ST_FUNDEF:
        put_fundef(f, s);
        break;
    case ST_IF:
        open_box(f, FB_V, 0);
        put_if_chain(f, s, begin_of(f, s->span));
        close_box(f);
        break;
    case ST_WHILE:
        /* the body follows on the same line, braced or not */
        text(f, "while (");
        put_expr(f, as_condition(f, s->cond, false), PREC_TERNARY);
        text(f, ") ");
        put_body_of_while(f, s->body);
        break;
    case ST_FOR:
        open_box(f, FB_V, 0);
        text(f, arena_printf(f->arena, "for (%s in ", s->name));
        put_operand(f, s->lo, PREC_TERNARY);
        text(f, " : ");
        put_operand(f, s->hi, PREC_TERNARY);
        text(f, ") ");
        put_body(f, s->body, end_of(f, s->hi->span));
        close_box(f);
        break;
    case ST_FOREACH:
        text(f, arena_printf(f->arena, "for (%s in ", s->name));
        put_expr(f, s->rhs, PREC_TERNARY);
        text(f, ") ");
        put_body(f, s->body, end_of(f, s->rhs->span));
        break;
    case ST_PROFILE:
        text(f, arena_printf(f->arena, "profile(%s) ", s->name));
        put_braced(f, s->stmts, s->nstmts, s->span);
        break;
    case ST_BLOCK:
        put_braced(f, s->stmts, s->nstmts, s->span);
        break;
    case ST__COUNT:
        break;
    }
}

/* Where the comments before the items of include k end: stanc3 compares
 * those items as if they stood one line below the directive, at its
 * column (Location.compare), and a comment by where its text begins, after
 * the // or the slash-star. */
static Pos before_included(const Fmt *f, int k)
{
    Loc d = f->u->tokens.include_spans[k].begin;
    for (int i = f->next_note; i < f->nnotes; i++) {
        const Note *nt = &f->notes[i];
        if (nt->kind == NOTE_SEPARATOR)
            continue;
        int col = nt->kind == NOTE_INCLUDE ? nt->col : nt->col + 2;
        if (nt->begin.line > d.line + 1
            || (nt->begin.line == d.line + 1 && col > d.col))
            return nt->begin;
    }
    Pos end = {INT_MAX, INT_MAX, 0};
    return end;
}

/* The items of a block, one per line in a vertical box, with the comments
 * and blank lines between them (stanc3's pp_list_of_statements).  `whole`
 * is the block: comments before its end belong to it.  An item printed as
 * its #include prints only the comments before it (the directive among
 * them); what follows it comes from another file, which stanc3 separates
 * by a blank line. */
static void put_list_of_stmts(Fmt *f, Stmt **items, int n, Span whole)
{
    open_box(f, FB_V, 0);
    Pos prev_end = {0, 0, 0}, far = {0, -1, 0};
    bool any = false, included = false;
    const Note *list;
    int nl;
    for (int i = 0; i < n; i++) {
        int j = fmt_group_end(items, n, i);
        Span span = {items[i]->span.begin, items[j]->span.end};
        bool skip = skipped(f, span);
        Pos b = skip ? before_included(f, include_of(f, span.begin))
                     : map_loc(f, fmt_first_loc(items[i]));
        if (any)
            move_comments(f, prev_end);
        nl = take_comments(f, b, false, &list);
        /* the blank line before the item goes by where it starts, not by
         * its first location (a declaration's first size, which a long
         * type broken over two lines puts a line lower: formatting again
         * added a blank line there, the fuzzer's round trip) */
        Pos at = b;
        if (!skip) {
            Pos start = map_loc(f, items[i]->span.begin);
            int after = nl > 0 ? list[nl - 1].end.line : start.line;
            if (start.file == b.file && start.line < b.line)
                at.line = after > start.line ? after : start.line;
        }
        if (!skip || nl > 0)
            put_spacing(f, true, !any ? NULL : included ? &far : &prev_end,
                        skip ? NULL : &at, list, nl);
        if (skip)
            ;
        else if (items[i]->kind == ST_DECL)
            put_decls(f, items + i, j - i + 1);
        else
            put_stmt(f, items[i]);
        prev_end = end_of(f, span);
        any = true;
        included = skip;
        i = j;
    }
    if (any)
        move_comments(f, prev_end);
    nl = take_comments(f, end_of(f, whole), false, &list);
    put_spacing(f, true, !any ? NULL : included ? &far : &prev_end, NULL, list,
                nl);
    close_box(f);
}

/* ------------------------------------------------------------- program */

/* The items of block k as printed: with canon_deprecations, a functions
 * block loses its needless forward declarations (format_canon.c). */
static int block_items(Fmt *f, int k, const Block *b, Stmt ***items)
{
    if (k == BLK_FUNCTIONS && f->o->canon_deprecations)
        return fmt_without_forward_decls(f->arena, b->stmts, b->nstmts, items);
    *items = b->stmts;
    return b->nstmts;
}

static void put_program(Fmt *f)
{
    const Program *p = f->u->prog;
    open_box(f, FB_V, 0);
    if (p->is_functions_file) {
        /* a bare function list, as stanc3 prints a .stanfunctions file */
        Stmt **items;
        int n = block_items(f, BLK_FUNCTIONS, &p->blocks[BLK_FUNCTIONS],
                            &items);
        Span whole = {{0, 0, 0, INT_MAX}, {0, INT_MAX, 0, INT_MAX}};
        open_box(f, FB_H, 0);
        open_box(f, FB_B, 0);
        put_list_of_stmts(f, items, n, whole);
        close_box(f);
        close_box(f);
    } else {
        for (int k = 0; k < BLK__COUNT; k++) {
            const Block *blk = &p->blocks[k];
            if (!blk->present || skipped(f, blk->span))
                continue;
            Pos b = begin_of(f, blk->span);
            const Note *list;
            int nl = take_comments(f, b, false, &list);
            put_spacing(f, true, NULL, &b, list, nl);
            text(f, ast_block_name((BlockKind)k));
            text(f, " ");
            Stmt **items;
            int n = block_items(f, k, blk, &items);
            put_braced(f, items, n, blk->span);
            cut(f);
        }
    }
    /* the comments after the last block */
    const Note *list;
    Pos end = {INT_MAX, INT_MAX, 0};
    int nl = take_comments(f, end, false, &list);
    put_spacing(f, true, NULL, NULL, list, nl);
    close_box(f);
}

void fmt_program(FILE *out, const FeUnit *u, const FmtOptions *o)
{
    if (!u->prog)
        return;
    Arena arena = {0};
    Fmt f = {.u = u, .o = o, .arena = &arena};
    fb_init(&f.d, &arena);
    setup_includes(&f);
    if (o->canon_includes)
        setup_read_order(&f);
    setup_notes(&f);
    put_program(&f);
    fb_render(out, &f.d, fmt_margin(o));
    arena_free(&arena);
}
