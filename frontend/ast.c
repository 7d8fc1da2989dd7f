/* ast.c - AST constructors, names and the --debug-ast dump. */
#include "ast.h"

#include <string.h>

static const char *const expr_names[] = {
#define EXPR(k, s) [k] = s,
#include "ast.def"
#undef EXPR
};

static const char *const stmt_names[] = {
#define STMT(k, s) [k] = s,
#include "ast.def"
#undef STMT
};

const char *ast_expr_kind_name(ExprKind k)
{
    return expr_names[k];
}

const char *ast_stmt_kind_name(StmtKind k)
{
    return stmt_names[k];
}

static const struct {
    const char *text, *name, *prefix_name;
} op_info[] = {
    [OP_NONE] = {"", "", ""},
    [OP_OR] = {"||", "logical_or", ""},
    [OP_AND] = {"&&", "logical_and", ""},
    [OP_EQ] = {"==", "logical_eq", ""},
    [OP_NEQ] = {"!=", "logical_neq", ""},
    [OP_LT] = {"<", "logical_lt", ""},
    [OP_LEQ] = {"<=", "logical_lte", ""},
    [OP_GT] = {">", "logical_gt", ""},
    [OP_GEQ] = {">=", "logical_gte", ""},
    [OP_ADD] = {"+", "add", "plus"},
    [OP_SUB] = {"-", "subtract", "minus"},
    [OP_MUL] = {"*", "multiply", ""},
    [OP_DIV] = {"/", "divide", ""},
    [OP_IDIV] = {"%/%", "idivide", ""},
    [OP_MOD] = {"%", "modulus", ""},
    [OP_LDIV] = {"\\", "mdivide_left", ""},
    [OP_EMUL] = {".*", "elt_multiply", ""},
    [OP_EDIV] = {"./", "elt_divide", ""},
    [OP_NOT] = {"!", "logical_negation", "logical_negation"},
    [OP_NEG] = {"-", "minus", "minus"},
    [OP_PLUS] = {"+", "plus", "plus"},
    [OP_POW] = {"^", "pow", ""},
    [OP_EPOW] = {".^", "pow", ""},
    [OP_TRANSPOSE] = {"'", "transpose", ""},
};

const char *ast_op_str(Op op)
{
    return op_info[op].text;
}

const char *ast_op_name(Op op, bool prefix)
{
    return prefix ? op_info[op].prefix_name : op_info[op].name;
}

const char *ast_assign_op_str(AssignOp op)
{
    static const char *const s[] = {"=", "+=", "-=", "*=", "/=", ".*=",
                                    "./=", "<-"};
    return s[op];
}

const char *ast_block_name(BlockKind b)
{
    static const char *const s[] = {
        "functions", "data", "transformed data", "parameters",
        "transformed parameters", "model", "generated quantities"};
    return s[b];
}

Expr *ast_new_expr(Arena *a, ExprKind k, Span span)
{
    Expr *e = NEW(a, Expr);
    e->kind = k;
    e->span = span;
    e->var_origin = -1;
    return e;
}

Stmt *ast_new_stmt(Arena *a, StmtKind k, Span span)
{
    Stmt *s = NEW(a, Stmt);
    s->kind = k;
    s->span = span;
    return s;
}

const Type *ast_sized_to_type(Arena *a, const SizedType *st)
{
    switch (st->kind) {
    case TY_ARRAY:
        return ty_array(a, st->ndims, ast_sized_to_type(a, st->elem));
    case TY_TUPLE: {
        const Type **items = arena_alloc(a, sizeof(Type *) * (size_t)st->nitems);
        for (int i = 0; i < st->nitems; i++)
            items[i] = ast_sized_to_type(a, st->items[i]);
        return ty_tuple(a, st->nitems, items);
    }
    default:
        return ty_basic(st->kind);
    }
}

/* ------------------------------------------------------------------ dump */

static void dump_expr(FILE *out, const Expr *e);

static void dump_index(FILE *out, const Index *ix)
{
    static const char *const names[] = {"All", "Single", "Multi", "Upfrom",
                                        "Downfrom", "Between"};
    fprintf(out, "(%s", names[ix->kind]);
    if (ix->lo) {
        fputc(' ', out);
        dump_expr(out, ix->lo);
    }
    if (ix->hi) {
        fputc(' ', out);
        dump_expr(out, ix->hi);
    }
    fputc(')', out);
}

static void dump_expr(FILE *out, const Expr *e)
{
    fprintf(out, "(%s", ast_expr_kind_name(e->kind));
    switch (e->kind) {
    case EX_INT: case EX_REAL: case EX_IMAG: case EX_STRING:
        fprintf(out, " %s", e->text);
        break;
    case EX_VAR: case EX_CALL: case EX_COND_CALL:
        fprintf(out, " %s", e->name);
        break;
    case EX_BINARY: case EX_PREFIX: case EX_POSTFIX:
        fprintf(out, " %s", ast_op_str(e->op));
        break;
    case EX_TUPLE_PROJ:
        fprintf(out, " %s", e->text);
        break;
    default:
        break;
    }
    if (e->cond) {
        fputc(' ', out);
        dump_expr(out, e->cond);
    }
    if (e->lhs) {
        fputc(' ', out);
        dump_expr(out, e->lhs);
    }
    if (e->rhs) {
        fputc(' ', out);
        dump_expr(out, e->rhs);
    }
    for (int i = 0; i < e->nargs; i++) {
        fputc(' ', out);
        dump_expr(out, e->args[i]);
    }
    for (int i = 0; i < e->nindices; i++) {
        fputc(' ', out);
        dump_index(out, &e->indices[i]);
    }
    if (e->type) {
        fputs(" : ", out);
        if (e->ad == AD_DATA && e->type->kind != TY_STRING)
            fputs("data ", out);
        ty_print(out, e->type);
    }
    fputc(')', out);
}

static void indent(FILE *out, int depth)
{
    for (int i = 0; i < depth; i++)
        fputs("  ", out);
}

static void dump_stmt(FILE *out, const Stmt *s, int depth);

static void dump_body(FILE *out, const Stmt *s, int depth)
{
    if (s)
        dump_stmt(out, s, depth);
}

static void dump_sized(FILE *out, const SizedType *st)
{
    if (st->kind == TY_ARRAY) {
        fputs("(array", out);
        for (int i = 0; i < st->ndims; i++) {
            fputc(' ', out);
            dump_expr(out, st->dims[i]);
        }
        fputc(' ', out);
        dump_sized(out, st->elem);
        fputc(')', out);
        return;
    }
    if (st->kind == TY_TUPLE) {
        fputs("(tuple", out);
        for (int i = 0; i < st->nitems; i++) {
            fputc(' ', out);
            dump_sized(out, st->items[i]);
        }
        fputc(')', out);
        return;
    }
    fprintf(out, "(%s", st->keyword);
    bool affine = st->tr.kind >= TR_OFFSET && st->tr.kind <= TR_OFFSET_MULTIPLIER;
    if (st->tr.a) {
        fputs(affine ? " offset=" : " lower=", out);
        dump_expr(out, st->tr.a);
    }
    if (st->tr.b) {
        fputs(affine ? " multiplier=" : " upper=", out);
        dump_expr(out, st->tr.b);
    }
    for (int i = 0; i < st->nsizes; i++) {
        fputc(' ', out);
        dump_expr(out, st->size[i]);
    }
    fputc(')', out);
}

static void dump_stmt(FILE *out, const Stmt *s, int depth)
{
    indent(out, depth);
    fprintf(out, "(%s", ast_stmt_kind_name(s->kind));
    switch (s->kind) {
    case ST_DECL:
        for (int i = 0; i < s->decl->nannots; i++)
            fprintf(out, " @%s", s->decl->annots[i].text);
        fprintf(out, " %s ", s->decl->name);
        dump_sized(out, s->decl->type);
        if (s->decl->init) {
            fputc(' ', out);
            dump_expr(out, s->decl->init);
        }
        break;
    case ST_FUNDEF: {
        const FunDef *f = s->fundef;
        for (int i = 0; i < f->nannots; i++)
            fprintf(out, " @%s", f->annots[i].text);
        fprintf(out, " %s (", f->name);
        for (int i = 0; i < f->nparams; i++) {
            fprintf(out, "%s%s", i ? ", " : "",
                    f->params[i].data_only ? "data " : "");
            ty_print(out, f->params[i].type);
            fprintf(out, " %s", f->params[i].name);
        }
        fputs(") => ", out);
        ty_print(out, f->ret);
        if (f->body) {
            fputc('\n', out);
            dump_stmt(out, f->body, depth + 1);
        }
        break;
    }
    case ST_ASSIGN:
        fputc(' ', out);
        dump_expr(out, s->lhs);
        fprintf(out, " %s ", ast_assign_op_str(s->aop));
        dump_expr(out, s->rhs);
        break;
    case ST_TILDE:
        fputc(' ', out);
        dump_expr(out, s->lhs);
        fprintf(out, " ~ %s", s->name);
        for (int i = 0; i < s->nargs; i++) {
            fputc(' ', out);
            dump_expr(out, s->args[i]);
        }
        if (s->truncated) {
            fputs(" T[", out);
            if (s->trunc_lo)
                dump_expr(out, s->trunc_lo);
            fputs(", ", out);
            if (s->trunc_hi)
                dump_expr(out, s->trunc_hi);
            fputc(']', out);
        }
        break;
    case ST_FOR:
        fprintf(out, " %s ", s->name);
        dump_expr(out, s->lo);
        fputc(' ', out);
        dump_expr(out, s->hi);
        fputc('\n', out);
        dump_body(out, s->body, depth + 1);
        break;
    case ST_FOREACH:
        fprintf(out, " %s ", s->name);
        dump_expr(out, s->rhs);
        fputc('\n', out);
        dump_body(out, s->body, depth + 1);
        break;
    case ST_IF:
    case ST_WHILE:
        fputc(' ', out);
        dump_expr(out, s->cond);
        fputc('\n', out);
        dump_body(out, s->body, depth + 1);
        if (s->else_body) {
            fputc('\n', out);
            dump_body(out, s->else_body, depth + 1);
        }
        break;
    case ST_BLOCK:
    case ST_PROFILE:
        if (s->kind == ST_PROFILE)
            fprintf(out, " %s", s->name);
        for (int i = 0; i < s->nstmts; i++) {
            fputc('\n', out);
            dump_stmt(out, s->stmts[i], depth + 1);
        }
        break;
    default:
        if (s->expr) {
            fputc(' ', out);
            dump_expr(out, s->expr);
        }
        if (s->rhs) {
            fputc(' ', out);
            dump_expr(out, s->rhs);
        }
        for (int i = 0; i < s->nargs; i++) {
            fputc(' ', out);
            dump_expr(out, s->args[i]);
        }
        break;
    }
    fputc(')', out);
}

void ast_dump(FILE *out, const Program *p)
{
    for (int b = 0; b < BLK__COUNT; b++) {
        const Block *blk = &p->blocks[b];
        if (!blk->present)
            continue;
        fprintf(out, "(%s", ast_block_name((BlockKind)b));
        for (int i = 0; i < blk->nstmts; i++) {
            fputc('\n', out);
            dump_stmt(out, blk->stmts[i], 1);
        }
        fputs(")\n", out);
    }
}
