/* lexer.c - Stan tokens (Reference Manual, "Lexical structure"), with
 * #include splicing and comment capture for the formatter. */
#include "lexer.h"

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *const tok_names[] = {
#define TOK(k, s) [k] = s,
#include "token.def"
#undef TOK
};

const char *lex_kind_str(TokKind k)
{
    return tok_names[k];
}

/* Words that are keywords of the language but not tokens of their own.
 * Reference Manual, "Reserved names". */
static const char *const extra_reserved[] = {
    "repeat", "until", "then", "true", "false", "typedef", "struct", "var",
    "export", "extern", "static", "auto", NULL
};

static TokKind keyword_kind(const char *s, size_t n)
{
    for (int k = K_FUNCTIONS; k <= K_MULTIPLIER; k++)
        if (strlen(tok_names[k]) == n && memcmp(tok_names[k], s, n) == 0)
            return (TokKind)k;
    return T_IDENT;
}

bool lex_is_reserved(const char *name)
{
    if (keyword_kind(name, strlen(name)) != T_IDENT)
        return true;
    for (int i = 0; extra_reserved[i]; i++)
        if (strcmp(extra_reserved[i], name) == 0)
            return true;
    return false;
}

typedef struct Lexer {
    SourceMgr *sm;
    DiagSink *sink;
    Arena *arena;
    int file;
    const char *text;
    size_t len, pos;
    int line, col;
    int depth;            /* include depth */
    int include_id;       /* top-level include this file belongs to */
    /* output, shared across nested lexers */
    Token **toks;
    int *ntoks, *captoks;
    TokenList *out;
    int *cap_comments, *cap_includes;
    bool failed;
} Lexer;

static Loc here(const Lexer *lx)
{
    Loc l = {lx->file, lx->line, lx->col, (int)lx->pos};
    return l;
}

static int peekc(const Lexer *lx, size_t ahead)
{
    size_t p = lx->pos + ahead;
    return p < lx->len ? (unsigned char)lx->text[p] : -1;
}

static void advance(Lexer *lx)
{
    if (lx->pos >= lx->len)
        return;
    if (lx->text[lx->pos] == '\n') {
        lx->line++;
        lx->col = 0;
    } else {
        lx->col++;
    }
    lx->pos++;
}

static void emit(Lexer *lx, TokKind k, Loc begin)
{
    if (*lx->ntoks == *lx->captoks) {
        int cap = *lx->captoks ? *lx->captoks * 2 : 256;
        Token *t = arena_alloc(lx->arena, sizeof(Token) * (size_t)cap);
        if (*lx->ntoks)
            memcpy(t, *lx->toks, sizeof(Token) * (size_t)*lx->ntoks);
        *lx->toks = t;
        *lx->captoks = cap;
    }
    Token *t = &(*lx->toks)[(*lx->ntoks)++];
    t->kind = k;
    t->span.begin = begin;
    t->span.end = here(lx);
    t->text = arena_strndup(lx->arena, lx->text + begin.offset,
                            (size_t)(lx->pos - (size_t)begin.offset));
    t->include_depth = lx->depth;
    t->include_id = lx->include_id;
}

static void add_comment(Lexer *lx, Loc begin, bool hash)
{
    TokenList *o = lx->out;
    if (o->ncomments == *lx->cap_comments) {
        int cap = o->ncomments ? o->ncomments * 2 : 16;
        Comment *c = arena_alloc(lx->arena, sizeof(Comment) * (size_t)cap);
        if (o->ncomments)
            memcpy(c, o->comments, sizeof(Comment) * (size_t)o->ncomments);
        o->comments = c;
        *lx->cap_comments = cap;
    }
    Comment *c = &o->comments[o->ncomments++];
    c->span.begin = begin;
    c->span.end = here(lx);
    c->text = arena_strndup(lx->arena, lx->text + begin.offset,
                            lx->pos - (size_t)begin.offset);
    c->hash = hash;
}

static void lex_error(Lexer *lx, DiagId id, Loc at)
{
    Span sp = {at, at};
    diag_emit(lx->sink, id, sp);
    lx->failed = true;
}

static bool is_ident_start(int c)
{
    return c >= 0 && (isalpha(c));
}

static bool is_ident_char(int c)
{
    return c >= 0 && (isalnum(c) || c == '_');
}

static void lex_tokens(Lexer *lx);

static char *dir_of(Arena *a, const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return arena_strdup(a, ".");
    return arena_strndup(a, path, (size_t)(slash - path));
}

/* Whether the file at `path` is already being lexed on the include chain. */
static bool on_chain(const Lexer *lx, const char *path)
{
    char *want = realpath(path, NULL);
    if (!want)
        return false;
    bool found = false;
    for (int f = lx->file; f >= 0 && !found;) {
        const SrcFile *sf = src_file(lx->sm, f);
        char *have = realpath(sf->path, NULL);
        if (have && strcmp(have, want) == 0)
            found = true;
        free(have);
        f = sf->parent;
    }
    free(want);
    return found;
}

/* #include <name> | "name" | name: find the file in the including file's
 * folder and then the include paths, and lex it in place. */
static void lex_include(Lexer *lx, Loc begin)
{
    while (peekc(lx, 0) == ' ' || peekc(lx, 0) == '\t')
        advance(lx);
    int open = peekc(lx, 0), close = -1;
    if (open == '<')
        close = '>';
    else if (open == '"')
        close = '"';
    if (close >= 0)
        advance(lx);
    size_t start = lx->pos;
    while (peekc(lx, 0) >= 0 && peekc(lx, 0) != '\n' && peekc(lx, 0) != close
           && !(close < 0 && isspace(peekc(lx, 0))))
        advance(lx);
    size_t end = lx->pos;
    if (close >= 0) {
        if (peekc(lx, 0) != close) {
            lex_error(lx, D_INCLUDE_BAD, begin);
            return;
        }
        advance(lx);
    }
    if (end == start) {
        lex_error(lx, D_INCLUDE_BAD, begin);
        return;
    }
    char *name = arena_strndup(lx->arena, lx->text + start, end - start);
    /* The rest of the line belongs to the directive, but for a comment,
     * which stanc3 lexes (and prints after the directive) as any other. */
    while (peekc(lx, 0) == ' ' || peekc(lx, 0) == '\t')
        advance(lx);
    bool comment = peekc(lx, 0) == '/'
                   && (peekc(lx, 1) == '/' || peekc(lx, 1) == '*');
    while (!comment && peekc(lx, 0) >= 0 && peekc(lx, 0) != '\n')
        advance(lx);

    Span sp = {begin, begin};  /* stanc3 points at the directive's start */
    const char *self = src_file(lx->sm, lx->file)->path;
    int ndirs = lx->sm->ninclude_paths + 1;
    const char *found = NULL;
    for (int i = 0; i < ndirs && !found; i++) {
        const char *dir = i < lx->sm->ninclude_paths
            ? lx->sm->include_paths[i] : dir_of(lx->arena, self);
        char *path = name[0] == '/' ? name
            : arena_printf(lx->arena, "%s/%s", dir, name);
        struct stat st;
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
            found = path;
    }
    if (!found) {
        diag_emit(lx->sink, D_INCLUDE_NOT_FOUND, sp, name);
        lx->failed = true;
        return;
    }
    if (on_chain(lx, found)) {
        diag_emit(lx->sink, D_INCLUDE_RECURSIVE, sp, name);
        lx->failed = true;
        return;
    }
    size_t len;
    char *text = src_read_file(lx->arena, found, &len);
    if (!text) {
        diag_emit(lx->sink, D_INCLUDE_NOT_FOUND, sp, name);
        lx->failed = true;
        return;
    }
    int file = src_add(lx->sm, found, text, len, lx->file, begin);
    ((SrcFile *)lx->sm->files.items[file])->include_name = name;

    if (lx->depth == 0) {
        TokenList *o = lx->out;
        if (o->nincludes == *lx->cap_includes) {
            int cap = o->nincludes ? o->nincludes * 2 : 4;
            const char **n = arena_alloc(lx->arena, sizeof(char *) * (size_t)cap);
            Span *s = arena_alloc(lx->arena, sizeof(Span) * (size_t)cap);
            if (o->nincludes) {
                memcpy(n, o->includes, sizeof(char *) * (size_t)o->nincludes);
                memcpy(s, o->include_spans, sizeof(Span) * (size_t)o->nincludes);
            }
            o->includes = n;
            o->include_spans = s;
            *lx->cap_includes = cap;
        }
        o->includes[o->nincludes] = name;
        o->include_spans[o->nincludes] = sp;
        o->nincludes++;
    }
    Lexer sub = *lx;
    sub.file = file;
    sub.text = text;
    sub.len = len;
    sub.pos = 0;
    sub.line = 1;
    sub.col = 0;
    sub.depth = lx->depth + 1;
    sub.include_id = lx->depth == 0 ? lx->out->nincludes - 1 : lx->include_id;
    sub.failed = false;
    lex_tokens(&sub);
    if (sub.failed)
        lx->failed = true;
}

/* Digits with digit separators, as stanc3 lexes an integer constant:
 * [0-9]+ ('_' [0-9]+)*.  The caller has seen a digit at the cursor. */
static void lex_digits(Lexer *lx)
{
    for (;;) {
        while (isdigit(peekc(lx, 0)))
            advance(lx);
        if (peekc(lx, 0) != '_' || !isdigit(peekc(lx, 1)))
            return;
        advance(lx);
    }
}

/* Digits, with an optional fraction and exponent: returns the kind.  Each
 * run of digits may hold separators (1_000, 1_000.000_1, 1e1_0); a
 * separator elsewhere (1_, 1._5) makes the literal invalid. */
static TokKind lex_number(Lexer *lx, Loc begin)
{
    bool is_real = false;
    if (isdigit(peekc(lx, 0)))
        lex_digits(lx);
    /* A '.' starts a fraction unless it begins an elementwise operator
     * (1.*x, 1./x, 1.^x). */
    if (peekc(lx, 0) == '.' && peekc(lx, 1) != '*' && peekc(lx, 1) != '/'
        && peekc(lx, 1) != '^') {
        is_real = true;
        advance(lx);
        if (isdigit(peekc(lx, 0)))
            lex_digits(lx);
    }
    int c = peekc(lx, 0);
    if (c == 'e' || c == 'E') {
        int n = peekc(lx, 1);
        size_t skip = (n == '+' || n == '-') ? 2 : 1;
        if (isdigit(peekc(lx, skip))) {
            is_real = true;
            for (size_t i = 0; i < skip; i++)
                advance(lx);
            lex_digits(lx);
        } else {
            lex_error(lx, D_LEX_BAD_NUMBER, begin);
            return T_EOF;
        }
    }
    if (peekc(lx, 0) == 'i' && !is_ident_char(peekc(lx, 1))) {
        advance(lx);
        return T_IMAG_LIT;
    }
    if (is_ident_char(peekc(lx, 0))) {
        lex_error(lx, D_LEX_BAD_NUMBER, begin);
        return T_EOF;
    }
    return is_real ? T_REAL_LIT : T_INT_LIT;
}

/* Operators, longest first. */
static const struct {
    const char *text;
    TokKind kind;
} operators[] = {
    {"%/%", P_IDIVIDE}, {".*=", P_ELTTIMESASSIGN}, {"./=", P_ELTDIVIDEASSIGN},
    {"||", P_OR}, {"&&", P_AND}, {"==", P_EQ}, {"!=", P_NEQ}, {"<=", P_LEQ},
    {">=", P_GEQ}, {"+=", P_PLUSASSIGN}, {"-=", P_MINUSASSIGN},
    {"*=", P_TIMESASSIGN}, {"/=", P_DIVIDEASSIGN}, {"<-", P_ARROW},
    {".*", P_ELTTIMES}, {"./", P_ELTDIVIDE}, {".^", P_ELTPOW},
    {"{", P_LBRACE}, {"}", P_RBRACE}, {"(", P_LPAREN}, {")", P_RPAREN},
    {"[", P_LBRACK}, {"]", P_RBRACK}, {"<", P_LT}, {">", P_GT},
    {",", P_COMMA}, {";", P_SEMI}, {"|", P_BAR}, {"?", P_QMARK},
    {":", P_COLON}, {"!", P_BANG}, {"+", P_PLUS}, {"-", P_MINUS},
    {"*", P_TIMES}, {"/", P_DIVIDE}, {"%", P_MODULO}, {"\\", P_LDIVIDE},
    {"^", P_HAT}, {"'", P_TRANSPOSE}, {"~", P_TILDE}, {"=", P_ASSIGN},
};

/* Whether the previous token ends an expression, so that ".1" after it is
 * a tuple projection rather than a real literal. */
static bool ends_expression(const Lexer *lx)
{
    if (*lx->ntoks == 0)
        return false;
    TokKind k = (*lx->toks)[*lx->ntoks - 1].kind;
    return k == T_IDENT || k == P_RPAREN || k == P_RBRACK || k == T_DOT_INT;
}

static void lex_tokens(Lexer *lx)
{
    while (!lx->failed) {
        int c = peekc(lx, 0);
        if (c < 0)
            return;
        Loc begin = here(lx);
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
            || c == '\v') {
            advance(lx);
            continue;
        }
        if (c == '/' && peekc(lx, 1) == '/') {
            while (peekc(lx, 0) >= 0 && peekc(lx, 0) != '\n')
                advance(lx);
            add_comment(lx, begin, false);
            continue;
        }
        if (c == '/' && peekc(lx, 1) == '*') {
            advance(lx);
            advance(lx);
            while (peekc(lx, 0) >= 0
                   && !(peekc(lx, 0) == '*' && peekc(lx, 1) == '/'))
                advance(lx);
            if (peekc(lx, 0) < 0) {
                lex_error(lx, D_LEX_UNTERMINATED_COMMENT, begin);
                return;
            }
            advance(lx);
            advance(lx);
            add_comment(lx, begin, false);
            continue;
        }
        if (c == '#') {
            if (strncmp(lx->text + lx->pos, "#include", 8) == 0) {
                for (int i = 0; i < 8; i++)
                    advance(lx);
                lex_include(lx, begin);
                continue;
            }
            /* removed syntax: fe_compile refuses it, or for the
             * formatter (which prints it as //) warns */
            while (peekc(lx, 0) >= 0 && peekc(lx, 0) != '\n')
                advance(lx);
            add_comment(lx, begin, true);
            continue;
        }
        if (c == '@') {
            advance(lx);
            if (!is_ident_start(peekc(lx, 0))) {
                lex_error(lx, D_LEX_INVALID_CHAR, begin);
                return;
            }
            while (is_ident_char(peekc(lx, 0)))
                advance(lx);
            if (peekc(lx, 0) == '(') {
                int level = 0;
                do {
                    int d = peekc(lx, 0);
                    if (d < 0) {
                        lex_error(lx, D_LEX_INVALID_CHAR, begin);
                        return;
                    }
                    if (d == '(')
                        level++;
                    else if (d == ')')
                        level--;
                    advance(lx);
                } while (level > 0);
            }
            emit(lx, T_ANNOTATION, begin);
            continue;
        }
        if (is_ident_start(c)) {
            while (is_ident_char(peekc(lx, 0)))
                advance(lx);
            emit(lx, keyword_kind(lx->text + begin.offset,
                                  lx->pos - (size_t)begin.offset), begin);
            continue;
        }
        if (c == '.' && isdigit(peekc(lx, 1)) && ends_expression(lx)) {
            advance(lx);
            while (isdigit(peekc(lx, 0)))
                advance(lx);
            emit(lx, T_DOT_INT, begin);
            continue;
        }
        if (isdigit(c) || (c == '.' && isdigit(peekc(lx, 1)))) {
            TokKind k = lex_number(lx, begin);
            if (k == T_EOF)
                return;
            emit(lx, k, begin);
            continue;
        }
        if (c == '"') {
            advance(lx);
            while (peekc(lx, 0) >= 0 && peekc(lx, 0) != '"') {
                /* any byte but a control character: UTF-8 (or any other
                 * encoding) passes through as stanc3's does, and the
                 * backend escapes it (em_c_string) */
                int d = peekc(lx, 0);
                if (d == '\n' || (d < 32 && d != '\t') || d == 127) {
                    lex_error(lx, d == '\n' ? D_LEX_UNTERMINATED_STRING
                                            : D_LEX_BAD_STRING_CHAR,
                              here(lx));
                    return;
                }
                advance(lx);
            }
            if (peekc(lx, 0) < 0) {
                lex_error(lx, D_LEX_UNTERMINATED_STRING, begin);
                return;
            }
            advance(lx);
            emit(lx, T_STRING, begin);
            continue;
        }
        bool matched = false;
        for (size_t i = 0; i < sizeof operators / sizeof operators[0]; i++) {
            size_t n = strlen(operators[i].text);
            if (lx->len - lx->pos >= n
                && memcmp(lx->text + lx->pos, operators[i].text, n) == 0) {
                for (size_t j = 0; j < n; j++)
                    advance(lx);
                emit(lx, operators[i].kind, begin);
                matched = true;
                break;
            }
        }
        if (!matched) {
            lex_error(lx, D_LEX_INVALID_CHAR, begin);
            return;
        }
    }
}

TokenList lex_file(SourceMgr *sm, DiagSink *sink, int file)
{
    TokenList out = {0};
    const SrcFile *f = src_file(sm, file);
    Token *toks = NULL;
    int ntoks = 0, captoks = 0, cap_comments = 0, cap_includes = 0;
    Lexer lx = {
        .sm = sm, .sink = sink, .arena = sm->arena, .file = file,
        .text = f->text, .len = f->len, .line = 1, .include_id = -1,
        .toks = &toks, .ntoks = &ntoks, .captoks = &captoks, .out = &out,
        .cap_comments = &cap_comments, .cap_includes = &cap_includes,
    };
    lex_tokens(&lx);
    /* The end-of-file token sits where lexing stopped. */
    Loc end = here(&lx);
    if (lx.failed) {
        end.line = INT_MAX;
    }
    lx.pos = (size_t)end.offset;
    lx.text = f->text;
    emit(&lx, T_EOF, here(&lx));
    toks[ntoks - 1].span.begin = end;
    toks[ntoks - 1].span.end = end;
    toks[ntoks - 1].text = "";
    toks[ntoks - 1].include_depth = 0;
    out.toks = toks;
    out.len = ntoks;
    return out;
}

void lex_dump(FILE *out, const SourceMgr *sm, const TokenList *tl)
{
    for (int i = 0; i < tl->len; i++) {
        const Token *t = &tl->toks[i];
        const SrcFile *f = src_file(sm, t->span.begin.file);
        fprintf(out, "%s:%d:%d %s", f ? f->path : "?", t->span.begin.line,
                t->span.begin.col, lex_kind_str(t->kind));
        if (t->kind <= T_ANNOTATION && t->kind != T_EOF)
            fprintf(out, " %s", t->text);
        fputc('\n', out);
    }
}
