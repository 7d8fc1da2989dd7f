/* lexer.h - Stan tokens, with #include expansion and comment capture. */
#ifndef PPL_LEXER_H
#define PPL_LEXER_H

#include "ast.h"
#include "diag.h"
#include "source.h"

typedef enum TokKind {
#define TOK(k, s) k,
#include "token.def"
#undef TOK
    T__COUNT
} TokKind;

typedef struct Token {
    TokKind kind;
    Span span;
    const char *text;       /* the characters as written */
    int include_depth;      /* 0 in the main file */
    int include_id;         /* which top-level #include it came from, or -1 */
} Token;

typedef struct TokenList {
    Token *toks;
    int len;
    Comment *comments;      /* of every file, in the order read */
    int ncomments;
    /* The top-level #include directives of the main file, in order. */
    const char **includes;
    Span *include_spans;
    int nincludes;
} TokenList;

/* Tokenize file `file` of sm, splicing in #include'd files (searched in
 * sm->include_paths).  Lexing and include errors go to the sink; on error
 * the list ends at the offending place with T_EOF. */
TokenList lex_file(SourceMgr *sm, DiagSink *sink, int file);

/* The printed name of a token kind ("identifier", "{", "model"). */
const char *lex_kind_str(TokKind k);
/* Whether an identifier text is a reserved word of the language. */
bool lex_is_reserved(const char *name);
/* Print the tokens one per line (for --debug-lex). */
void lex_dump(FILE *out, const SourceMgr *sm, const TokenList *tl);

#endif
