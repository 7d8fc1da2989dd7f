/* pretty.c - the MIR in stanc3's pretty layout: the seven sections, two
 * spaces of indentation, operators fully parenthesized, compiler internals
 * as FnName__ calls.  One printer for --debug-mir-pretty, the transformed
 * and optimized forms, and the passes' before/after dumps. */
#include "mir.h"

typedef struct Printer {
    FILE *out;
    const MirProgram *p;
} Printer;

static void indent(Printer *pr, int depth)
{
    for (int i = 0; i < depth; i++)
        fputs("  ", pr->out);
}

static void put_expr(Printer *pr, const MirExpr *e);

static void put_args(Printer *pr, MirExpr *const *args, int n)
{
    for (int i = 0; i < n; i++) {
        if (i)
            fputs(", ", pr->out);
        put_expr(pr, args[i]);
    }
}

static void put_index(Printer *pr, const MirIndex *ix)
{
    switch (ix->kind) {
    case IDX_ALL:
        fputc(':', pr->out);
        break;
    case IDX_SINGLE:
    case IDX_MULTI:
        put_expr(pr, ix->lo);
        break;
    case IDX_UPPER:
        fputc(':', pr->out);
        put_expr(pr, ix->hi);
        break;
    case IDX_LOWER:
        put_expr(pr, ix->lo);
        fputc(':', pr->out);
        break;
    case IDX_BETWEEN:
        put_expr(pr, ix->lo);
        fputc(':', pr->out);
        put_expr(pr, ix->hi);
        break;
    }
}

static void put_indices(Printer *pr, const MirIndex *ix, int n)
{
    fputc('[', pr->out);
    for (int i = 0; i < n; i++) {
        if (i)
            fputs(", ", pr->out);
        put_index(pr, &ix[i]);
    }
    fputc(']', pr->out);
}

static void put_expr(Printer *pr, const MirExpr *e)
{
    FILE *out = pr->out;
    switch (e->kind) {
    case MX_INT:
    case MX_REAL:
        fputs(e->text, out);
        return;
    case MX_STR:
        /* as written in Stan: a string holds no quote or newline */
        fprintf(out, "\"%s\"", e->text);
        return;
    case MX_IMAG:
        fprintf(out, "%si", e->text);
        return;
    case MX_VAR:
        fputs(e->var >= 0 ? pr->p->vars[e->var].name : e->fn, out);
        return;
    case MX_CALL:
        if (e->op == OP_TRANSPOSE) {
            put_expr(pr, e->args[0]);
            fputc('\'', out);
        } else if (e->op != OP_NONE && e->prefix) {
            fputs(ast_op_str(e->op), out);
            put_expr(pr, e->args[0]);
        } else if (e->op != OP_NONE) {
            fputc('(', out);
            put_expr(pr, e->args[0]);
            fprintf(out, " %s ", ast_op_str(e->op));
            put_expr(pr, e->args[1]);
            fputc(')', out);
        } else {
            fprintf(out, "%s(", e->fn);
            put_args(pr, e->args, e->nargs);
            fputc(')', out);
        }
        return;
    case MX_TERNARY:
        fputc('(', out);
        put_expr(pr, e->args[0]);
        fputs(" ? ", out);
        put_expr(pr, e->args[1]);
        fputs(" : ", out);
        put_expr(pr, e->args[2]);
        fputc(')', out);
        return;
    case MX_AND:
    case MX_OR:
        fputc('(', out);
        put_expr(pr, e->args[0]);
        fputs(e->kind == MX_AND ? " && " : " || ", out);
        put_expr(pr, e->args[1]);
        fputc(')', out);
        return;
    case MX_INDEXED:
        put_expr(pr, e->args[0]);
        put_indices(pr, e->indices, e->nindices);
        return;
    case MX_PROMOTE:
        put_expr(pr, e->args[0]);
        return;
    case MX_TUPLE_PROJ:
        put_expr(pr, e->args[0]);
        fprintf(out, ".%d", e->slot);
        return;
    case MX__COUNT:
        break;
    }
    ICE("mir_pretty: expression kind %d", (int)e->kind);
}

void mir_pretty_expr(FILE *out, const MirProgram *p, const MirExpr *e)
{
    Printer pr = {out, p};
    put_expr(&pr, e);
}

/* A declared type: vector[N], matrix[R, C], array[real, N, M],
 * tuple(real, vector[K]). */
static void put_sized(Printer *pr, const MirSized *s)
{
    FILE *out = pr->out;
    if (s->ndims)
        fputs("array[", out);
    const Type *base = ty_base(s->type);
    if (base->kind == TY_TUPLE && s->nitems == 0) {
        ty_print(out, base);   /* a compiler temporary: no sizes */
    } else if (base->kind == TY_TUPLE) {
        fputs("tuple(", out);
        for (int i = 0; i < s->nitems; i++) {
            if (i)
                fputs(", ", out);
            put_sized(pr, s->items[i]);
        }
        fputc(')', out);
    } else {
        ty_print(out, base);
        if (s->nsizes) {
            fputc('[', out);
            put_args(pr, s->size, s->nsizes);
            fputc(']', out);
        }
    }
    if (s->ndims) {
        fputs(", ", out);
        put_args(pr, s->dims, s->ndims);
        fputc(']', out);
    }
}

void mir_pretty_sized(FILE *out, const MirProgram *p, const MirSized *s)
{
    Printer pr = {out, p};
    put_sized(&pr, s);
}

static void put_decl(Printer *pr, VarId v)
{
    const MirVar *var = &pr->p->vars[v];
    for (int i = 0; i < var->nannots; i++)
        fprintf(pr->out, "@%s ", var->annots[i].text);
    if (var->ad == AD_DATA)
        fputs("data ", pr->out);
    put_sized(pr, &var->sized);
    fprintf(pr->out, " %s;", var->name);
}

static void put_lvalue(Printer *pr, const MirLvalue *lv)
{
    fputs(pr->p->vars[lv->var].name, pr->out);
    for (int i = 0; i < lv->nsteps; i++) {
        if (lv->steps[i].indices)
            put_indices(pr, lv->steps[i].indices, lv->steps[i].nindices);
        else
            fprintf(pr->out, ".%d", lv->steps[i].slot);
    }
}

static void put_stmt(Printer *pr, const MirStmt *s, int depth, bool own_line);

/* The body of if/for/while: a block opens on the same line; a single
 * statement follows on the same line, as stanc3 prints it.  depth is the
 * indentation of the line the body continues. */
static void put_body(Printer *pr, const MirStmt *s, int depth)
{
    if (s->kind == MS_BLOCK) {
        fputs(" {\n", pr->out);
        for (int i = 0; i < s->nstmts; i++)
            put_stmt(pr, s->stmts[i], depth + 1, true);
        indent(pr, depth);
        fputc('}', pr->out);
    } else {
        fputc(' ', pr->out);
        put_stmt(pr, s, depth, false);
    }
}

/* own_line: indent, and end with a newline; otherwise continue the current
 * line (a single-statement body) at that line's depth. */
static void put_stmt(Printer *pr, const MirStmt *s, int depth, bool own_line)
{
    FILE *out = pr->out;
    int d = depth;
    if (s->kind == MS_SLIST) {
        for (int i = 0; i < s->nstmts; i++)
            put_stmt(pr, s->stmts[i], depth, own_line);
        return;
    }
    if (own_line)
        indent(pr, depth);
    switch (s->kind) {
    case MS_ASSIGN:
        put_lvalue(pr, &s->lhs);
        fputs(" = ", out);
        put_expr(pr, s->rhs);
        fputc(';', out);
        break;
    case MS_TARGET_PE:
    case MS_JACOBIAN_PE:
        fputs(s->kind == MS_TARGET_PE ? "target += " : "jacobian += ", out);
        put_expr(pr, s->rhs);
        fputc(';', out);
        break;
    case MS_CALL:
        put_expr(pr, s->call);
        fputc(';', out);
        break;
    case MS_BREAK:
        fputs("break;", out);
        break;
    case MS_CONTINUE:
        fputs("continue;", out);
        break;
    case MS_RETURN:
        fputs("return", out);
        if (s->rhs) {
            fputc(' ', out);
            put_expr(pr, s->rhs);
        }
        fputc(';', out);
        break;
    case MS_SKIP:
        fputc(';', out);
        break;
    case MS_IF:
        fputs("if(", out);
        put_expr(pr, s->cond);
        fputc(')', out);
        put_body(pr, s->body, d);
        if (s->else_body) {
            fputs(" else", out);
            put_body(pr, s->else_body, d);
        }
        break;
    case MS_WHILE:
        fputs("while(", out);
        put_expr(pr, s->cond);
        fputc(')', out);
        put_body(pr, s->body, d);
        break;
    case MS_FOR:
        fprintf(out, "for(%s in ", pr->p->vars[s->var].name);
        put_expr(pr, s->lo);
        fputc(':', out);
        put_expr(pr, s->hi);
        fputc(')', out);
        put_body(pr, s->body, d);
        break;
    case MS_PROFILE:
        fprintf(out, "profile(%s)", s->name);
        if (s->body->kind == MS_SLIST) {
            /* the profile pass's: braces, though it opens no scope */
            fputs(" {\n", out);
            put_stmt(pr, s->body, d + 1, true);
            indent(pr, d);
            fputc('}', out);
            break;
        }
        put_body(pr, s->body, d);
        break;
    case MS_BLOCK:
        fputs("{\n", out);
        for (int i = 0; i < s->nstmts; i++)
            put_stmt(pr, s->stmts[i], d + 1, true);
        indent(pr, d);
        fputc('}', out);
        break;
    case MS_DECL:
        put_decl(pr, s->var);
        break;
    case MS_SLIST:
    case MS__COUNT:
        ICE("mir_pretty: statement kind %d", (int)s->kind);
    }
    if (own_line)
        fputc('\n', out);
}

void mir_pretty_stmt_head(FILE *out, const MirProgram *p, const MirStmt *s)
{
    Printer pr = {out, p};
    switch (s->kind) {
    case MS_IF:
    case MS_WHILE:
        fputs(s->kind == MS_IF ? "if(" : "while(", out);
        put_expr(&pr, s->cond);
        fputc(')', out);
        break;
    case MS_FOR:
        fprintf(out, "for(%s in ", p->vars[s->var].name);
        put_expr(&pr, s->lo);
        fputc(':', out);
        put_expr(&pr, s->hi);
        fputc(')', out);
        break;
    case MS_PROFILE:
        fprintf(out, "profile(%s)", s->name);
        break;
    case MS_BLOCK:
    case MS_SLIST:
        fputs("{...}", out);
        break;
    default:
        put_stmt(&pr, s, 0, false);
        break;
    }
}

static void put_section(Printer *pr, const char *name, const MirStmt *body)
{
    fprintf(pr->out, "%s {\n", name);
    if (body)
        put_stmt(pr, body, 1, true);
    fputs("}\n", pr->out);
}

static void put_function(Printer *pr, const MirFun *f)
{
    FILE *out = pr->out;
    indent(pr, 1);
    for (int i = 0; i < f->nannots; i++)
        fprintf(out, "@%s ", f->annots[i].text);
    ty_print(out, f->ret);
    fprintf(out, " %s(", f->name);
    for (int i = 0; i < f->nparams; i++) {
        const MirVar *v = &pr->p->vars[f->params[i]];
        if (i)
            fputs(", ", out);
        if (f->data_only[i])
            fputs("data ", out);
        ty_print(out, v->sized.type);
        fprintf(out, " %s", v->name);
    }
    fputc(')', out);
    if (!f->body) {
        fputs(";\n", out);
        return;
    }
    put_body(pr, f->body, 1);
    fputc('\n', out);
}

static const char *output_block(MirVarKind k)
{
    return k == MV_PARAM ? "parameters"
         : k == MV_TPARAM ? "transformed_parameters"
         : "generated_quantities";
}

void mir_pretty(FILE *out, const MirProgram *p)
{
    Printer pr = {out, p};
    fputs("functions {\n", out);
    for (int i = 0; i < p->nfuns; i++)
        put_function(&pr, &p->funs[i]);
    fputs("}\n\ninput_vars {\n", out);
    for (int i = 0; i < p->ninput; i++) {
        const MirVar *v = &p->vars[p->input_vars[i]];
        indent(&pr, 1);
        put_sized(&pr, &v->sized);
        fprintf(out, " %s;\n", v->name);
    }
    fputs("}\n\n", out);
    put_section(&pr, "prepare_data", p->prepare_data);
    fputc('\n', out);
    put_section(&pr, "log_prob", p->log_prob);
    fputc('\n', out);
    put_section(&pr, "generate_quantities", p->generate_quantities);
    fputc('\n', out);
    put_section(&pr, "transform_inits", p->transform_inits);
    fputs("\noutput_vars {\n", out);
    for (int i = 0; i < p->noutput; i++) {
        const MirVar *v = &p->vars[p->output_vars[i]];
        indent(&pr, 1);
        fprintf(out, "%s ", output_block(v->kind));
        put_sized(&pr, &v->sized);
        fprintf(out, " %s; //", v->name);
        ty_print(out, v->sized.type);
        fputc('\n', out);
    }
    fputs("}\n", out);
}
