/* frontend.c - the frontend pipeline for one compilation unit. */
#include "frontend.h"

#include <string.h>

static bool compile_stages(FeUnit *u, const char *path, const char *text,
                           const FeOptions *o);

bool fe_compile(FeUnit *u, const char *path, const char *text,
                const FeOptions *o)
{
    memset(u, 0, sizeof *u);
    jmp_buf recover;
    jmp_buf *outer = diag_set_ice_target(&recover);
    volatile bool ok = false;
    if (setjmp(recover) == 0) {
        ok = compile_stages(u, path, text, o);
    } else {
        u->internal_error = true;
        diag_emit_nospan(&u->sink, D_INTERNAL, diag_ice_message());
        ok = false;
    }
    diag_set_ice_target(outer);
    return ok;
}

static bool compile_stages(FeUnit *u, const char *path, const char *text,
                           const FeOptions *o)
{
    u->sm.arena = &u->arena;
    u->sm.include_paths = o->include_paths;
    u->sm.ninclude_paths = o->ninclude_paths;
    u->sink.arena = &u->arena;
    u->sink.src = &u->sm;
    size_t len;
    if (text) {
        len = strlen(text);
    } else {
        text = src_read_file(&u->arena, path, &len);
        if (!text) {
            u->file_missing = true;
            diag_emit_nospan(&u->sink, D_FILE_NOT_FOUND, path);
            return false;
        }
    }
    Loc none = {0, 0, 0, 0};
    int file = src_add(&u->sm, path, text, len, -1, none);
    u->tokens = lex_file(&u->sm, &u->sink, file);
    for (int i = 0; i < u->tokens.ncomments; i++) {
        const Comment *c = &u->tokens.comments[i];
        if (!c->hash)
            continue;
        Span at = {c->span.begin, c->span.begin};
        diag_emit(&u->sink, o->hash_comments ? D_WARN_HASH_COMMENT
                                             : D_PARSE_OLD_HASH_COMMENT, at);
    }
    if (u->sink.nerrors)
        return false;
    bool functions_only = o->functions_only
        || name_has_suffix(path, ".stanfunctions");
    if (u->tokens.len == 1) {
        /* Nothing but comments and whitespace. */
        if (!functions_only)
            diag_emit_nospan(&u->sink, D_EMPTY_FILE, path);
    }
    u->prog = parse_program(&u->arena, &u->sink, &u->tokens, functions_only);
    if (!u->prog)
        return false;
    u->parsed = true;
    if (o->parse_only)
        return true;
    TcOptions tco = {.allow_undefined = o->allow_undefined || functions_only};
    u->checked = tc_check_program(&u->arena, &u->sink, u->prog, &tco);
    return u->checked;
}

void fe_unit_free(FeUnit *u)
{
    arena_free(&u->arena);
}
