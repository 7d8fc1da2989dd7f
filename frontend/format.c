/* format.c - --auto-format: print a program in the Stan Program Style
 * Guide's layout (stanc3 user guide, "Automatic updating and formatting of
 * Stan programs").
 *
 * The program is printed from its tree.  Every statement, declaration and
 * block header is first built as a Doc: a flat list of text pieces and
 * break points, each break ranked by how deeply it is nested and, within a
 * nesting level, by the precedence of the operator it stands before.  A line
 * that does not fit is split at its lowest-ranked breaks first, and the
 * pieces between them are packed greedily.
 *
 * Comments are not in the tree; they are placed by their position in the
 * main file: each before the first item (statement, declaration, block,
 * closing brace) that starts after it, or at the end of the line of the item
 * it followed on the same source line.  Blank lines between items are kept,
 * one at most.  What is printed is a function of the tree and of the order
 * of comments and items, so formatting the output again changes nothing.
 *
 * Statements that came from a top-level #include are replaced by the
 * directive, unless canon_includes asks for them to be printed in place or
 * the include does not cover whole items (it begins or ends inside a
 * statement): then it is printed in place too, as stanc3 documents.
 *
 * canon_deprecations: the parser accepts no deprecated syntax but `#`
 * comments, and those are always printed as `//` comments, so the option
 * has nothing more to do. */
#include "frontend.h"

#include <ctype.h>
#include <limits.h>
#include <string.h>

/* ---------------------------------------------------------------- state */

/* A place in the main file.  Items from included files sit where their
 * top-level #include directive is. */
typedef struct Pos {
    int offset, line;
} Pos;

/* A comment of the main file, or an #include directive printed like one. */
typedef struct Note {
    Pos begin;
    int end_line;
    int col;               /* column of its first character in the source */
    const char *text;      /* as printed: `#` comments already as `//` */
    bool own_line;         /* may not end a line of code */
} Note;

typedef struct Fmt {
    FILE *out;
    const FeUnit *u;
    const FmtOptions *o;
    Arena *arena;
    int max;                /* line length to stay within */
    int nfiles;
    int *top_include;       /* per file: the top-level #include it came
                               through, -1 for the main file */
    int nincludes;
    bool *include_clean;    /* the include covers whole items only */
    bool *include_items;    /* ...and at least one */
    Note *notes;
    int nnotes, next_note;
    int *main_tokens;       /* indices of the main file's tokens */
    int nmain_tokens;
    int last_line;          /* source line of the last thing printed */
    int item_from;          /* where the item being printed begins */
    bool fresh;             /* just after "{" or a forced blank line */
} Fmt;

/* ------------------------------------------------------------- docs */

/* Text, or a break (text NULL) that prints as one space when not taken. */
typedef struct Piece {
    const char *text;
    int len;
    int rank;       /* breaks: the lowest ranks of a line are taken first */
    int group;      /* breaks: the bracket (Group) the break is in */
} Piece;

/* A bracket, or the expression a statement is about: continuation lines of
 * its breaks align under its first piece. */
typedef struct Group {
    int anchor;     /* its first piece, or -1 (the statement itself) */
    int parent;     /* enclosing group, -1 for the statement */
} Group;

typedef struct Doc {
    Piece *p;
    int n, cap;
    Group *g;
    int ngroups, gcap;
    int depth;      /* brackets open around the next piece */
    int group;      /* the innermost group open */
} Doc;

/* Precedence of expressions, loosest first (Reference Manual, "Operator
 * precedence and associativity"); a break before an operator is ranked by
 * its precedence, a break after a comma ranks below them all, and the
 * break between a declaration's type and its name above them all. */
enum {
    PREC_COMMA = 0,
    PREC_TERNARY = 1,
    PREC_ADD = 6,
    PREC_PREFIX = 10,
    PREC_POW = 11,
    PREC_POSTFIX = 12,
    PREC_ABOVE_ALL = 13,   /* forces parentheses */
    PREC_DECL_NAME = 14,
    RANK_PER_DEPTH = 16,
    INDENT = 2,            /* columns per nesting level */
    CONTINUATION = 4       /* further columns of a continuation line */
};

static void *grow(Fmt *f, void *old, int n, int *cap, size_t size)
{
    if (n < *cap)
        return old;
    int ncap = *cap ? *cap * 2 : 32;
    void *grown = arena_alloc(f->arena, size * (size_t)ncap);
    if (n)
        memcpy(grown, old, size * (size_t)n);
    *cap = ncap;
    return grown;
}

static void doc_init(Fmt *f, Doc *d)
{
    memset(d, 0, sizeof *d);
    d->g = grow(f, NULL, 0, &d->gcap, sizeof(Group));
    d->g[0].anchor = -1;
    d->g[0].parent = -1;
    d->ngroups = 1;
}

static void doc_push(Fmt *f, Doc *d, Piece pc)
{
    d->p = grow(f, d->p, d->n, &d->cap, sizeof(Piece));
    d->p[d->n++] = pc;
}

static void doc_text(Fmt *f, Doc *d, const char *s)
{
    Piece pc = {s, (int)strlen(s), 0, -1};
    doc_push(f, d, pc);
}

static void doc_break(Fmt *f, Doc *d, int prec)
{
    Piece pc = {NULL, 1, d->depth * RANK_PER_DEPTH + prec, d->group};
    doc_push(f, d, pc);
}

/* Open a group at the next piece, nested `deeper` levels further (1 after
 * a bracket's opening text, 0 for a statement's expression); returns what
 * doc_close restores. */
static int doc_open(Fmt *f, Doc *d, int deeper)
{
    d->g = grow(f, d->g, d->ngroups, &d->gcap, sizeof(Group));
    Group *g = &d->g[d->ngroups];
    g->anchor = d->n;
    g->parent = d->group;
    int saved = d->group;
    d->group = d->ngroups++;
    d->depth += deeper;
    return saved;
}

static void doc_close(Doc *d, int saved, int deeper)
{
    d->group = saved;
    d->depth -= deeper;
}

/* ------------------------------------------------------------- layout */

typedef struct Layout {
    Fmt *f;
    const Doc *d;
    int *col_at;      /* the column each piece was printed at */
    int *line_start;  /* the column the line of each piece starts at */
    int *width;       /* width[i]: width of pieces [0, i) on one line */
    int col, indent, start;
} Layout;

static void put_spaces(Fmt *f, int n)
{
    for (int i = 0; i < n; i++)
        fputc(' ', f->out);
}

static void lay_flat(Layout *L, int lo, int hi)
{
    for (int i = lo; i < hi; i++) {
        const Piece *pc = &L->d->p[i];
        L->col_at[i] = L->col;
        L->line_start[i] = L->start;
        if (pc->text)
            fwrite(pc->text, 1, (size_t)pc->len, L->f->out);
        else
            fputc(' ', L->f->out);
        L->col += pc->len;
    }
}

/* Whether a group's continuation lines can align under its first piece. */
static bool lay_aligns(const Layout *L, int group)
{
    int a = L->d->g[group].anchor;
    return a >= 0 && L->col_at[a] <= L->f->max / 2;
}

/* Where the continuation lines of a group start: under its first piece if
 * that is not too far right, else a step in from the line it opened on and
 * right of where its enclosing group continues. */
static int lay_continuation(const Layout *L, int group)
{
    const Group *g = &L->d->g[group];
    if (lay_aligns(L, group))
        return L->col_at[g->anchor];
    int c = (g->anchor >= 0 ? L->line_start[g->anchor] : L->indent)
            + CONTINUATION;
    if (g->parent >= 0 && lay_aligns(L, g->parent)) {
        int outer = lay_continuation(L, g->parent) + INDENT;
        if (outer > c)
            c = outer;
    }
    return c;
}

static void lay(Layout *L, int lo, int hi)
{
    const Piece *p = L->d->p;
    if (L->col + L->width[hi] - L->width[lo] <= L->f->max) {
        lay_flat(L, lo, hi);
        return;
    }
    int rank = INT_MAX;
    for (int i = lo; i < hi; i++)
        if (!p[i].text && p[i].rank < rank)
            rank = p[i].rank;
    if (rank == INT_MAX) {
        lay_flat(L, lo, hi);    /* nowhere to break: let it run over */
        return;
    }
    /* Segments between the breaks of the lowest rank, packed greedily. */
    int start = lo;
    bool first = true;
    while (start < hi) {
        int end = first ? start : start + 1;
        while (end < hi && (p[end].text || p[end].rank != rank))
            end++;
        if (first) {
            lay(L, start, end);
        } else {
            L->col_at[start] = L->col;
            L->line_start[start] = L->start;
            int rest = L->width[end] - L->width[start + 1];
            if (L->col + 1 + rest <= L->f->max) {
                fputc(' ', L->f->out);
                L->col++;
            } else {
                fputc('\n', L->f->out);
                L->col = L->start = lay_continuation(L, p[start].group);
                put_spaces(L->f, L->col);
            }
            lay(L, start + 1, end);
        }
        first = false;
        start = end;
    }
}

/* Print a doc on a new line at `indent`; the line is left open. */
static void emit_doc(Fmt *f, const Doc *d, int indent)
{
    Layout L = {f, d, NULL, NULL, NULL, indent, indent, indent};
    size_t n = (size_t)d->n + 1;
    L.col_at = arena_alloc(f->arena, sizeof(int) * n);
    L.line_start = arena_alloc(f->arena, sizeof(int) * n);
    L.width = arena_alloc(f->arena, sizeof(int) * n);
    for (int i = 0; i < d->n; i++)
        L.width[i + 1] = L.width[i] + d->p[i].len;
    put_spaces(f, indent);
    lay(&L, 0, d->n);
}

/* ----------------------------------------------------- positions, notes */

static Pos map_loc(const Fmt *f, Loc l)
{
    /* The main file is file 0; follow the include chain up to it. */
    while (l.file > 0) {
        const SrcFile *sf = src_file(&f->u->sm, l.file);
        if (!sf)
            break;
        l = sf->include_loc;
    }
    Pos p = {l.offset, l.line};
    return p;
}

static Pos stmt_begin(const Fmt *f, const Stmt *s)
{
    return map_loc(f, s->span.begin);
}

static Pos stmt_end(const Fmt *f, const Stmt *s)
{
    return map_loc(f, s->span.end);
}

/* Just after the "{" that a block statement begins with. */
static Pos after_lbrace(const Fmt *f, const Stmt *block)
{
    Pos p = map_loc(f, block->span.begin);
    if (block->span.begin.file == 0)
        p.offset++;
    return p;
}

/* Just after the first token of kind k at or after `from`: the places of
 * "{", ")" and "else", which the tree does not record. */
static Pos token_after(const Fmt *f, Loc from, TokKind k)
{
    if (from.file != 0)
        return map_loc(f, from);
    const Token *toks = f->u->tokens.toks;
    int lo = 0, hi = f->nmain_tokens;
    while (lo < hi) {   /* the first main-file token at or after `from` */
        int mid = lo + (hi - lo) / 2;
        if (toks[f->main_tokens[mid]].span.begin.offset < from.offset)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (int i = lo; i < f->nmain_tokens; i++) {
        const Token *t = &toks[f->main_tokens[i]];
        if (t->kind == k)
            return map_loc(f, t->span.end);
    }
    return map_loc(f, from);
}

static void end_line(Fmt *f, int line)
{
    fputc('\n', f->out);
    if (line > f->last_line)
        f->last_line = line;
    f->fresh = false;
}

/* A note on lines of its own at `indent`.  Continuation lines of a block
 * comment keep their indentation relative to its first line. */
static void put_note(Fmt *f, const Note *n, int indent)
{
    if (!f->fresh && n->begin.line > f->last_line + 1)
        fputc('\n', f->out);
    const char *t = n->text;
    for (bool first = true;; first = false) {
        const char *nl = strchr(t, '\n');
        size_t len = nl ? (size_t)(nl - t) : strlen(t);
        const char *s = t;
        for (int drop = 0; !first && drop < n->col && len > 0
                           && (*s == ' ' || *s == '\t'); drop++) {
            s++;
            len--;
        }
        while (len > 0 && isspace((unsigned char)s[len - 1]))
            len--;
        if (len > 0) {
            put_spaces(f, indent);
            fwrite(s, 1, len, f->out);
        }
        fputc('\n', f->out);
        if (!nl)
            break;
        t = nl + 1;
    }
    if (n->end_line > f->last_line)
        f->last_line = n->end_line;
    f->fresh = false;
}

/* Print the notes that begin before `offset` on lines of their own. */
static void flush_notes(Fmt *f, int offset, int indent)
{
    while (f->next_note < f->nnotes
           && f->notes[f->next_note].begin.offset < offset)
        put_note(f, &f->notes[f->next_note++], indent);
}

/* End the open line with the comments that sat on the source line where
 * the printed code ends (`after`): those next in order that begin within
 * the item being printed or after it, before `limit` (where the next item
 * begins).  A comment inside the code on that line moves to its end. */
static void trail(Fmt *f, Pos after, int limit)
{
    while (f->next_note < f->nnotes) {
        const Note *n = &f->notes[f->next_note];
        if (n->own_line || n->begin.line != after.line
            || n->begin.offset < f->item_from || n->begin.offset >= limit)
            break;
        fputc(' ', f->out);
        fputs(n->text, f->out);
        f->next_note++;
    }
}

/* Before an item that starts at `p`: the notes before it, then a blank
 * line if the source had one. */
static void item_begin(Fmt *f, Pos p, int indent)
{
    flush_notes(f, p.offset, indent);
    if (!f->fresh && p.line > f->last_line + 1)
        fputc('\n', f->out);
    f->fresh = false;
    f->item_from = p.offset;
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

/* Declarations written together (`real a, b;`) share their type. */
static int group_end(Stmt **items, int n, int i)
{
    int j = i;
    if (items[i]->kind != ST_DECL)
        return j;
    while (j + 1 < n && items[j + 1]->kind == ST_DECL
           && items[j + 1]->decl->type == items[i]->decl->type
           && items[j + 1]->decl->annots == items[i]->decl->annots)
        j++;
    return j;
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
        int j = group_end(items, n, i);
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

/* The directive as written: `#include <x>`, `#include "x"` or `#include x`. */
static const char *directive_text(Fmt *f, int k)
{
    const SrcFile *m = src_file(&f->u->sm, 0);
    const char *name = f->u->tokens.includes[k];
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

static void add_note(Fmt *f, Pos begin, int end_line, int col,
                     const char *text, bool own_line)
{
    Note *n = &f->notes[f->nnotes++];
    n->begin = begin;
    n->end_line = end_line;
    n->col = col;
    n->text = text;
    n->own_line = own_line;
}

/* The comments of the main file, and the directives that stand for the
 * items of their includes (or for nothing: an include of only comments),
 * merged in source order. */
static void setup_notes(Fmt *f)
{
    const Program *p = f->u->prog;
    const TokenList *tl = &f->u->tokens;
    f->notes = arena_alloc(f->arena, sizeof(Note)
                           * (size_t)(p->ncomments + f->nincludes + 1));
    bool *has_tokens = arena_alloc(f->arena, (size_t)f->nincludes + 1);
    for (int i = 0; i < tl->len; i++) {
        int id = tl->toks[i].include_id;
        if (id >= 0 && id < f->nincludes)
            has_tokens[id] = true;
    }
    int c = 0, k = 0;
    while (c < p->ncomments || k < f->nincludes) {
        bool directive_next = k < f->nincludes
            && (c == p->ncomments || tl->include_spans[k].begin.offset
                                     < p->comments[c].span.begin.offset);
        if (directive_next) {
            if (!f->o->canon_includes && f->include_clean[k]
                && (f->include_items[k] || !has_tokens[k])) {
                Loc at = tl->include_spans[k].begin;
                Pos pos = {at.offset, at.line};
                add_note(f, pos, at.line, at.col, directive_text(f, k), true);
            }
            k++;
            continue;
        }
        const Comment *cm = &p->comments[c++];
        const char *text = cm->text;
        if (cm->hash)
            text = arena_printf(f->arena, "//%s", text + 1);
        size_t len = strlen(text);
        while (len > 0 && isspace((unsigned char)text[len - 1]))
            len--;
        Pos pos = {cm->span.begin.offset, cm->span.begin.line};
        add_note(f, pos, cm->span.end.line, cm->span.begin.col,
                 arena_strndup(f->arena, text, len),
                 memchr(text, '\n', len) != NULL);
    }
}

/* ---------------------------------------------------------- expressions */

static int op_prec(Op op)
{
    switch (op) {
    case OP_OR: return 2;
    case OP_AND: return 3;
    case OP_EQ: case OP_NEQ: return 4;
    case OP_LT: case OP_LEQ: case OP_GT: case OP_GEQ: return 5;
    case OP_ADD: case OP_SUB: return PREC_ADD;
    case OP_MUL: case OP_DIV: case OP_IDIV: case OP_MOD: return 7;
    case OP_LDIV: return 8;
    case OP_EMUL: case OP_EDIV: return 9;
    case OP_NOT: case OP_NEG: case OP_PLUS: return PREC_PREFIX;
    case OP_POW: case OP_EPOW: return PREC_POW;
    default: return PREC_POSTFIX;
    }
}

static int expr_prec(const Expr *e)
{
    switch (e->kind) {
    case EX_TERNARY: return PREC_TERNARY;
    case EX_BINARY: return op_prec(e->op);
    case EX_PREFIX: return PREC_PREFIX;
    default: return PREC_POSTFIX;
    }
}

/* What is printed for e: promotions are invisible, and with
 * canon_parentheses so are the parentheses as written. */
static const Expr *visible(const Fmt *f, const Expr *e)
{
    while (e->kind == EX_PROMOTE
           || (e->kind == EX_PAREN && f->o->canon_parentheses))
        e = e->lhs;
    return e;
}

/* Whether `x.1` lexes as a projection of x: the lexer takes ".1" for a
 * projection only after an identifier, ")" or "]". */
static bool ends_projectable(const Expr *e)
{
    switch (e->kind) {
    case EX_VAR: case EX_CALL: case EX_COND_CALL: case EX_INDEX:
    case EX_TUPLE_PROJ: case EX_TUPLE_EXPR: case EX_ROWVEC_EXPR:
    case EX_PAREN: case EX_GET_LP:
        return true;
    default:
        return false;
    }
}

static void put_expr(Fmt *f, Doc *d, const Expr *e, int min_prec);

static void put_list(Fmt *f, Doc *d, Expr *const *args, int n)
{
    for (int i = 0; i < n; i++) {
        if (i) {
            doc_text(f, d, ",");
            doc_break(f, d, PREC_COMMA);
        }
        put_expr(f, d, args[i], PREC_TERNARY);
    }
}

static void put_bracketed(Fmt *f, Doc *d, const char *open,
                          Expr *const *args, int n, const char *close)
{
    doc_text(f, d, open);
    int saved = doc_open(f, d, 1);
    put_list(f, d, args, n);
    doc_close(d, saved, 1);
    doc_text(f, d, close);
}

static void put_index(Fmt *f, Doc *d, const Index *ix)
{
    switch (ix->kind) {
    case IDX_ALL:
        doc_text(f, d, ":");
        break;
    case IDX_SINGLE: case IDX_MULTI:
        put_expr(f, d, ix->lo, PREC_TERNARY);
        break;
    case IDX_UPPER:
        doc_text(f, d, ":");
        put_expr(f, d, ix->hi, PREC_TERNARY);
        break;
    case IDX_LOWER:
        put_expr(f, d, ix->lo, PREC_TERNARY);
        doc_text(f, d, ":");
        break;
    case IDX_BETWEEN:
        put_expr(f, d, ix->lo, PREC_TERNARY);
        doc_text(f, d, ":");
        put_expr(f, d, ix->hi, PREC_TERNARY);
        break;
    }
}

/* e itself, its own parentheses (if any) decided by the caller. */
static void put_bare(Fmt *f, Doc *d, const Expr *e)
{
    switch (e->kind) {
    case EX_INT: case EX_REAL: case EX_STRING:
        doc_text(f, d, e->text);
        break;
    case EX_IMAG:
        doc_text(f, d, arena_printf(f->arena, "%si", e->text));
        break;
    case EX_VAR:
        doc_text(f, d, e->name);
        break;
    case EX_BINARY: {
        int p = op_prec(e->op);
        bool pow = p == PREC_POW;   /* right associative, tighter operands */
        put_expr(f, d, e->lhs, pow ? PREC_POSTFIX : p);
        doc_break(f, d, p);
        doc_text(f, d, arena_printf(f->arena, "%s ", ast_op_str(e->op)));
        put_expr(f, d, e->rhs, pow ? PREC_PREFIX : p + 1);
        break;
    }
    case EX_PREFIX: {
        /* "- -a", not "--a", which reads as a decrement */
        const Expr *operand = visible(f, e->lhs);
        bool sign = e->op == OP_NEG || e->op == OP_PLUS;
        bool spaced = sign && operand->kind == EX_PREFIX
                      && (operand->op == OP_NEG || operand->op == OP_PLUS);
        doc_text(f, d, spaced ? arena_printf(f->arena, "%s ",
                                             ast_op_str(e->op))
                              : ast_op_str(e->op));
        put_expr(f, d, e->lhs, PREC_PREFIX);
        break;
    }
    case EX_POSTFIX:
        put_expr(f, d, e->lhs, PREC_POSTFIX);
        doc_text(f, d, ast_op_str(e->op));
        break;
    case EX_TERNARY:
        put_expr(f, d, e->cond, PREC_TERNARY + 1);
        doc_break(f, d, PREC_TERNARY);
        doc_text(f, d, "? ");
        put_expr(f, d, e->lhs, PREC_TERNARY);
        doc_break(f, d, PREC_TERNARY);
        doc_text(f, d, ": ");
        put_expr(f, d, e->rhs, PREC_TERNARY);
        break;
    case EX_CALL:
        doc_text(f, d, e->name);
        put_bracketed(f, d, "(", e->args, e->nargs, ")");
        break;
    case EX_COND_CALL: {
        doc_text(f, d, e->name);
        doc_text(f, d, "(");
        int saved = doc_open(f, d, 1);
        put_expr(f, d, e->args[0], PREC_TERNARY);
        doc_text(f, d, " |");
        if (e->nargs > 1) {
            doc_break(f, d, PREC_COMMA);
            put_list(f, d, e->args + 1, e->nargs - 1);
        }
        doc_close(d, saved, 1);
        doc_text(f, d, ")");
        break;
    }
    case EX_INDEX: {
        put_expr(f, d, e->lhs, PREC_POSTFIX);
        doc_text(f, d, "[");
        int saved = doc_open(f, d, 1);
        for (int i = 0; i < e->nindices; i++) {
            if (i) {
                doc_text(f, d, ",");
                doc_break(f, d, PREC_COMMA);
            }
            put_index(f, d, &e->indices[i]);
        }
        doc_close(d, saved, 1);
        doc_text(f, d, "]");
        break;
    }
    case EX_ARRAY_EXPR:
        put_bracketed(f, d, "{", e->args, e->nargs, "}");
        break;
    case EX_ROWVEC_EXPR:
        put_bracketed(f, d, "[", e->args, e->nargs, "]");
        break;
    case EX_TUPLE_EXPR:
        put_bracketed(f, d, "(", e->args, e->nargs, ")");
        break;
    case EX_TUPLE_PROJ:
        put_expr(f, d, e->lhs, ends_projectable(visible(f, e->lhs))
                               ? PREC_POSTFIX : PREC_ABOVE_ALL);
        doc_text(f, d, ".");
        doc_text(f, d, e->text);
        break;
    case EX_PAREN: {
        doc_text(f, d, "(");
        int saved = doc_open(f, d, 1);
        put_expr(f, d, e->lhs, PREC_TERNARY);
        doc_close(d, saved, 1);
        doc_text(f, d, ")");
        break;
    }
    case EX_PROMOTE:
        put_expr(f, d, e->lhs, PREC_TERNARY);
        break;
    case EX_GET_LP:
        doc_text(f, d, "target()");
        break;
    case EX__COUNT:
        break;
    }
}

/* e where the grammar needs an expression of precedence min_prec or
 * tighter: parentheses are added where it is looser.  Without
 * canon_parentheses that never happens for a parsed tree, whose
 * parentheses are all EX_PAREN nodes. */
static void put_expr(Fmt *f, Doc *d, const Expr *e, int min_prec)
{
    e = visible(f, e);
    if (expr_prec(e) >= min_prec) {
        put_bare(f, d, e);
        return;
    }
    doc_text(f, d, "(");
    int saved = doc_open(f, d, 1);
    put_bare(f, d, e);
    doc_close(d, saved, 1);
    doc_text(f, d, ")");
}

/* The expression a statement is about: operators at its top level align
 * their continuation lines under its start. */
static void put_top_expr(Fmt *f, Doc *d, const Expr *e)
{
    int saved = doc_open(f, d, 0);
    put_expr(f, d, e, PREC_TERNARY);
    doc_close(d, saved, 0);
}

/* ---------------------------------------------------------------- types */

static void put_bound(Fmt *f, Doc *d, const char *name, const Expr *e)
{
    doc_text(f, d, name);
    /* a bound is additive or tighter: a ">" in it would close the "<" */
    put_expr(f, d, e, PREC_ADD);
}

static void put_transform(Fmt *f, Doc *d, const Transform *tr)
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
    doc_text(f, d, "<");
    int saved = doc_open(f, d, 1);
    if (first)
        put_bound(f, d, first, tr->a);
    if (first && second) {
        doc_text(f, d, ",");
        doc_break(f, d, PREC_COMMA);
    }
    if (second)
        put_bound(f, d, second, tr->b);
    doc_close(d, saved, 1);
    doc_text(f, d, ">");
}

static void put_sized(Fmt *f, Doc *d, const SizedType *st)
{
    if (st->kind == TY_ARRAY) {
        put_bracketed(f, d, "array[", st->dims, st->ndims, "] ");
        put_sized(f, d, st->elem);
        return;
    }
    if (st->kind == TY_TUPLE) {
        doc_text(f, d, "tuple(");
        int saved = doc_open(f, d, 1);
        for (int i = 0; i < st->nitems; i++) {
            if (i) {
                doc_text(f, d, ",");
                doc_break(f, d, PREC_COMMA);
            }
            put_sized(f, d, st->items[i]);
        }
        doc_close(d, saved, 1);
        doc_text(f, d, ")");
        return;
    }
    doc_text(f, d, st->keyword ? st->keyword
                               : ty_str(f->arena, ty_basic(st->kind)));
    put_transform(f, d, &st->tr);
    if (st->nsizes > 0) {
        Expr *sizes[2] = {st->size[0], st->size[1]};
        put_bracketed(f, d, "[", sizes, st->nsizes, "]");
    }
}

static void put_annotations(Fmt *f, Doc *d, const Annotation *a, int n)
{
    for (int i = 0; i < n; i++)
        doc_text(f, d, arena_printf(f->arena, "@%s ", a[i].text));
}

/* ----------------------------------------------------------- statements */

static void print_stmt(Fmt *f, const Stmt *s, int indent, int limit);
static void print_list(Fmt *f, Stmt **items, int n, int indent, int close);

/* Lay out a one-line item and end its line with its trailing comments. */
static void finish_line(Fmt *f, const Doc *d, int indent, Pos end, int limit)
{
    emit_doc(f, d, indent);
    trail(f, end, limit);
    end_line(f, end.line);
}

/* Print head + " {", the items (or the one statement `single`, braced by
 * canon_braces), and "}".  `lbrace` is just after the source's "{" (for a
 * comment that ends its line), `close` where the block ends.  With
 * owe_close the "}" is left for the caller's next line ("} else"). */
static void print_braced(Fmt *f, Doc *head, Stmt **items, int n,
                         const Stmt *single, int indent, Pos lbrace,
                         Pos close, bool owe_close, int limit)
{
    doc_text(f, head, head->n ? " {" : "{");
    emit_doc(f, head, indent);
    int first = n > 0 ? stmt_begin(f, items[0]).offset
              : single ? stmt_begin(f, single).offset : close.offset;
    trail(f, lbrace, first);
    end_line(f, lbrace.line);
    f->fresh = true;
    if (single) {
        item_begin(f, stmt_begin(f, single), indent + INDENT);
        print_stmt(f, single, indent + INDENT, limit);
    } else {
        print_list(f, items, n, indent + INDENT, close.offset);
    }
    flush_notes(f, close.offset, indent + INDENT);
    if (owe_close)
        return;
    put_spaces(f, indent);
    fputc('}', f->out);
    trail(f, close, limit);
    end_line(f, close.line);
}

/* The body of if/else/for/while after its head (`after`: the end of the
 * head's expression).  Returns whether the caller owes a "}". */
static bool print_controlled(Fmt *f, Doc *head, const Stmt *body, int indent,
                             bool else_follows, int limit, Pos after)
{
    if (body->kind == ST_BLOCK) {
        print_braced(f, head, body->stmts, body->nstmts, NULL, indent,
                     after_lbrace(f, body), stmt_end(f, body), else_follows,
                     limit);
        return else_follows;
    }
    if (f->o->canon_braces) {
        print_braced(f, head, NULL, 0, body, indent, after,
                     stmt_end(f, body), else_follows, limit);
        return else_follows;
    }
    finish_line(f, head, indent, after, stmt_begin(f, body).offset);
    item_begin(f, stmt_begin(f, body), indent + INDENT);
    print_stmt(f, body, indent + INDENT, limit);
    return false;
}

/* if (c) body [else body]; `prefix` is "} else " or "else " in a chain. */
static void print_if(Fmt *f, const Stmt *s, int indent, int limit,
                     const char *prefix)
{
    Doc head;
    doc_init(f, &head);
    doc_text(f, &head, prefix);
    doc_text(f, &head, "if (");
    int saved = doc_open(f, &head, 1);
    put_expr(f, &head, s->cond, PREC_TERNARY);
    doc_close(&head, saved, 1);
    doc_text(f, &head, ")");
    const Stmt *els = s->else_body;
    int body_limit = els ? stmt_begin(f, els).offset : limit;
    bool owe = print_controlled(f, &head, s->body, indent, els != NULL,
                                body_limit,
                                token_after(f, s->cond->span.end, P_RPAREN));
    if (!els)
        return;
    /* the "else" line begins where the then-branch ends */
    f->item_from = stmt_end(f, s->body).offset;
    if (els->kind == ST_IF) {
        print_if(f, els, indent, limit, owe ? "} else " : "else ");
        return;
    }
    Doc tail;
    doc_init(f, &tail);
    doc_text(f, &tail, owe ? "} else" : "else");
    print_controlled(f, &tail, els, indent, false, limit,
                     token_after(f, s->body->span.end, K_ELSE));
}

static void print_decls(Fmt *f, Stmt *const *group, int n, int indent,
                        int limit)
{
    const VarDecl *first = group[0]->decl;
    Doc d;
    doc_init(f, &d);
    put_annotations(f, &d, first->annots, first->nannots);
    /* the type's own breaks are taken after all others */
    int saved = doc_open(f, &d, 1);
    put_sized(f, &d, first->type);
    doc_close(&d, saved, 1);
    for (int i = 0; i < n; i++) {
        const VarDecl *v = group[i]->decl;
        if (i) {
            doc_text(f, &d, ",");
            doc_break(f, &d, PREC_COMMA);
        } else {
            doc_break(f, &d, PREC_DECL_NAME);
        }
        doc_text(f, &d, v->name);
        if (v->init) {
            doc_text(f, &d, " = ");
            put_top_expr(f, &d, v->init);
        }
    }
    doc_text(f, &d, ";");
    finish_line(f, &d, indent, stmt_end(f, group[n - 1]), limit);
}

static void print_fundef(Fmt *f, const Stmt *s, int indent, int limit)
{
    const FunDef *fd = s->fundef;
    Doc d;
    doc_init(f, &d);
    put_annotations(f, &d, fd->annots, fd->nannots);
    doc_text(f, &d, ty_str(f->arena, fd->ret));
    doc_text(f, &d, " ");
    doc_text(f, &d, fd->name);
    doc_text(f, &d, "(");
    int saved = doc_open(f, &d, 1);
    for (int i = 0; i < fd->nparams; i++) {
        const Param *p = &fd->params[i];
        if (i) {
            doc_text(f, &d, ",");
            doc_break(f, &d, PREC_COMMA);
        }
        doc_text(f, &d, arena_printf(f->arena, "%s%s %s",
                                     p->data_only ? "data " : "",
                                     ty_str(f->arena, p->type), p->name));
    }
    doc_close(&d, saved, 1);
    doc_text(f, &d, ")");
    if (!fd->body) {
        doc_text(f, &d, ";");
        finish_line(f, &d, indent, stmt_end(f, s), limit);
        return;
    }
    print_braced(f, &d, fd->body->stmts, fd->body->nstmts, NULL, indent,
                 after_lbrace(f, fd->body), stmt_end(f, fd->body), false,
                 limit);
}

/* print(...), reject(...), fatal_error(...) */
static void put_printables(Fmt *f, Doc *d, const char *keyword,
                           const Stmt *s)
{
    doc_text(f, d, keyword);
    put_bracketed(f, d, "(", s->args, s->nargs, ");");
}

static void put_tilde(Fmt *f, Doc *d, const Stmt *s)
{
    put_expr(f, d, s->lhs, PREC_TERNARY);
    doc_text(f, d, " ~ ");
    doc_text(f, d, s->name);
    put_bracketed(f, d, "(", s->args, s->nargs, ")");
    if (s->truncated) {
        /* T[L, U], T[L, ] or T[, U] */
        doc_text(f, d, " T[");
        int saved = doc_open(f, d, 1);
        if (s->trunc_lo)
            put_expr(f, d, s->trunc_lo, PREC_TERNARY);
        doc_text(f, d, ",");
        if (s->trunc_hi) {
            doc_break(f, d, PREC_COMMA);
            put_expr(f, d, s->trunc_hi, PREC_TERNARY);
        } else {
            doc_text(f, d, " ");
        }
        doc_close(d, saved, 1);
        doc_text(f, d, "]");
    }
    doc_text(f, d, ";");
}

/* Print statement s from a new line at `indent` (its comments before it
 * already printed); `limit` is where the next item begins. */
static void print_stmt(Fmt *f, const Stmt *s, int indent, int limit)
{
    Doc d;
    doc_init(f, &d);
    switch (s->kind) {
    case ST_ASSIGN:
        put_expr(f, &d, s->lhs, PREC_TERNARY);
        doc_text(f, &d, arena_printf(f->arena, " %s ",
                                     ast_assign_op_str(s->aop)));
        put_top_expr(f, &d, s->rhs);
        doc_text(f, &d, ";");
        break;
    case ST_CALL:
        put_expr(f, &d, s->expr, PREC_TERNARY);
        doc_text(f, &d, ";");
        break;
    case ST_TILDE:
        put_tilde(f, &d, s);
        break;
    case ST_TARGET_PE:
    case ST_INCR_LOG_PROB:  /* removed syntax; target += replaces it */
        doc_text(f, &d, "target += ");
        put_top_expr(f, &d, s->rhs);
        doc_text(f, &d, ";");
        break;
    case ST_JACOBIAN_PE:
        doc_text(f, &d, "jacobian += ");
        put_top_expr(f, &d, s->rhs);
        doc_text(f, &d, ";");
        break;
    case ST_BREAK:
        doc_text(f, &d, "break;");
        break;
    case ST_CONTINUE:
        doc_text(f, &d, "continue;");
        break;
    case ST_RETURN:
        doc_text(f, &d, s->rhs ? "return " : "return;");
        if (s->rhs) {
            put_top_expr(f, &d, s->rhs);
            doc_text(f, &d, ";");
        }
        break;
    case ST_PRINT:
        put_printables(f, &d, "print", s);
        break;
    case ST_REJECT:
        put_printables(f, &d, "reject", s);
        break;
    case ST_FATAL_ERROR:
        put_printables(f, &d, "fatal_error", s);
        break;
    case ST_SKIP:
        doc_text(f, &d, ";");
        break;
    case ST_INCLUDE:
        doc_text(f, &d, arena_printf(f->arena, "#include %s", s->name));
        break;
    case ST_DECL: {
        Stmt *one[1] = {(Stmt *)s};
        print_decls(f, one, 1, indent, limit);
        return;
    }
    case ST_FUNDEF:
        print_fundef(f, s, indent, limit);
        return;
    case ST_IF:
        print_if(f, s, indent, limit, "");
        return;
    case ST_WHILE: {
        doc_text(f, &d, "while (");
        int saved = doc_open(f, &d, 1);
        put_expr(f, &d, s->cond, PREC_TERNARY);
        doc_close(&d, saved, 1);
        doc_text(f, &d, ")");
        print_controlled(f, &d, s->body, indent, false, limit,
                         token_after(f, s->cond->span.end, P_RPAREN));
        return;
    }
    case ST_FOR:
    case ST_FOREACH: {
        doc_text(f, &d, arena_printf(f->arena, "for (%s in ", s->name));
        int saved = doc_open(f, &d, 1);
        const Expr *last = s->kind == ST_FOR ? s->hi : s->rhs;
        if (s->kind == ST_FOR) {
            put_expr(f, &d, s->lo, PREC_TERNARY);
            doc_text(f, &d, ":");
        }
        put_expr(f, &d, last, PREC_TERNARY);
        doc_close(&d, saved, 1);
        doc_text(f, &d, ")");
        print_controlled(f, &d, s->body, indent, false, limit,
                         token_after(f, last->span.end, P_RPAREN));
        return;
    }
    case ST_PROFILE:
        doc_text(f, &d, arena_printf(f->arena, "profile(%s)", s->name));
        print_braced(f, &d, s->stmts, s->nstmts, NULL, indent,
                     token_after(f, s->name_span.end, P_LBRACE),
                     stmt_end(f, s), false, limit);
        return;
    case ST_BLOCK:
        print_braced(f, &d, s->stmts, s->nstmts, NULL, indent,
                     after_lbrace(f, s), stmt_end(f, s), false, limit);
        return;
    case ST__COUNT:
        break;
    }
    finish_line(f, &d, indent, stmt_end(f, s), limit);
}

/* The items of a block at `indent`; `close` is where the block ends.
 * Function definitions are set apart by blank lines. */
static void print_list(Fmt *f, Stmt **items, int n, int indent, int close)
{
    const Stmt *prev = NULL;
    for (int i = 0; i < n; i++) {
        int j = group_end(items, n, i);
        Span whole = {items[i]->span.begin, items[j]->span.end};
        if (skipped(f, whole)) {
            i = j;
            continue;
        }
        const Stmt *s = items[i];
        int limit = j + 1 < n ? stmt_begin(f, items[j + 1]).offset : close;
        if (prev && prev->kind == ST_FUNDEF && s->kind == ST_FUNDEF
            && (prev->fundef->body || s->fundef->body)) {
            fputc('\n', f->out);
            f->fresh = true;
        }
        item_begin(f, stmt_begin(f, s), indent);
        if (s->kind == ST_DECL)
            print_decls(f, items + i, j - i + 1, indent, limit);
        else
            print_stmt(f, s, indent, limit);
        prev = items[j];
        i = j;
    }
}

/* ------------------------------------------------------------- program */

static void print_blocks(Fmt *f)
{
    const Program *p = f->u->prog;
    bool any = false;
    for (int b = 0; b < BLK__COUNT; b++) {
        const Block *blk = &p->blocks[b];
        if (!blk->present || skipped(f, blk->span))
            continue;
        int limit = INT_MAX;
        for (int nb = b + 1; nb < BLK__COUNT && limit == INT_MAX; nb++)
            if (p->blocks[nb].present)
                limit = map_loc(f, p->blocks[nb].span.begin).offset;
        if (any) {
            fputc('\n', f->out);    /* one blank line between blocks */
            f->fresh = true;
        }
        item_begin(f, map_loc(f, blk->span.begin), 0);
        Doc head;
        doc_init(f, &head);
        doc_text(f, &head, ast_block_name((BlockKind)b));
        print_braced(f, &head, blk->stmts, blk->nstmts, NULL, 0,
                     token_after(f, blk->span.begin, P_LBRACE),
                     map_loc(f, blk->span.end), false, limit);
        any = true;
    }
}

void fmt_program(FILE *out, const FeUnit *u, const FmtOptions *o)
{
    if (!u->prog)
        return;
    Arena arena = {0};
    Fmt f = {.out = out, .u = u, .o = o, .arena = &arena, .fresh = true};
    f.max = o->max_line_length > 0 ? o->max_line_length : 78;
    const TokenList *tl = &u->tokens;
    f.main_tokens = arena_alloc(&arena, sizeof(int) * (size_t)(tl->len + 1));
    for (int i = 0; i < tl->len; i++)
        if (tl->toks[i].span.begin.file == 0 && tl->toks[i].kind != T_EOF)
            f.main_tokens[f.nmain_tokens++] = i;
    setup_includes(&f);
    setup_notes(&f);
    if (u->prog->is_functions_file) {
        const Block *b = &u->prog->blocks[BLK_FUNCTIONS];
        print_list(&f, b->stmts, b->nstmts, 0, INT_MAX);
    } else {
        print_blocks(&f);
    }
    flush_notes(&f, INT_MAX, 0);
    arena_free(&arena);
}
