/* interp_trace.c - the interpreter's trace in IRTracker's printed form
 * (spec 001): one line per node,
 *
 *   @4: [§1:%4] ⟨normal_lupdf⟩(@2, ⟨0⟩, ⟨10⟩) = -0.125
 *   @9: [§1:&1] goto §2 since @8 == true
 *
 * @i references to earlier nodes of the same list, ⟨constants⟩, the
 * node's place [§block:%expression] or [§block:&branch] (see interp.c),
 * nested calls' lists indented below them; and the dependency queries
 * backward (what a node depends on) and forward (what depends on it). */
#include <string.h>

#include "mir.h"

static void print_loc(FILE *out, const MirTraceNode *nd)
{
    if (nd->kind == MT_ARG && nd->block == 0) {
        fprintf(out, "[Arg:input] ");
        return;
    }
    if (nd->kind == MT_ARG && nd->expr == 0) {     /* a loop variable */
        fprintf(out, "[Arg:§%d:%s] ", nd->block, nd->fn);
        return;
    }
    if (nd->kind == MT_CONST && nd->block == 0) {
        fprintf(out, "[Decl] ");
        return;
    }
    fprintf(out, "[%s§%d:%s%d] ", nd->kind == MT_ARG ? "Arg:" : "",
            nd->block, nd->expr ? "%" : "&", nd->expr ? nd->expr : nd->branch);
}

static void print_operand(FILE *out, const MirTraceNode *nd, int k)
{
    if (nd->refs[k] > 0)
        fprintf(out, "@%d", nd->refs[k]);
    else
        fprintf(out, "⟨%s⟩", nd->consts[k]);
}

static void print_args(FILE *out, const MirTraceNode *nd)
{
    fputc('(', out);
    for (int k = 0; k < nd->nargs; k++) {
        if (k)
            fputs(", ", out);
        print_operand(out, nd, k);
    }
    fputc(')', out);
}

void mir_trace_print_node(FILE *out, const MirTraceNode *nd, int indent)
{
    fprintf(out, "%*s@%d: ", indent, "", nd->index);
    print_loc(out, nd);
    switch (nd->kind) {
    case MT_ARG:
        fprintf(out, "%s = %s", nd->fn, nd->value ? nd->value : "?");
        break;
    case MT_CONST:
        fprintf(out, "%s = ", nd->fn ? nd->fn : "");
        if (nd->nargs)
            print_operand(out, nd, 0);
        else
            fputs(nd->value ? nd->value : "?", out);
        break;
    case MT_PRIMITIVE: case MT_NESTED: case MT_PRINT:
        fprintf(out, "⟨%s⟩", nd->fn);
        print_args(out, nd);
        if (nd->kind == MT_PRINT)
            fprintf(out, " prints %s", nd->value ? nd->value : "\"\"");
        else if (nd->value)
            fprintf(out, " = %s", nd->value);
        break;
    case MT_BRANCH:
        if (nd->note && nd->expr)        /* ?: */
            fprintf(out, "%s", nd->note);
        else
            fprintf(out, "goto §%d", nd->to_block);
        if (nd->has_cond) {
            fputs(" since ", out);
            print_operand(out, nd, 0);
            fprintf(out, " == %s", nd->cond ? "true" : "false");
        } else if (nd->note) {
            fprintf(out, " (%s)", nd->note);
        }
        break;
    case MT_RETURN:
        fputs("return", out);
        if (nd->nargs) {
            fputc(' ', out);
            print_operand(out, nd, 0);
        } else if (nd->fn) {
            fprintf(out, " %s", nd->fn);
        }
        if (nd->value)
            fprintf(out, " = %s", nd->value);
        break;
    case MT_TARGET:
        fprintf(out, "%s += %s%s", nd->fn ? nd->fn : "target",
                nd->note ? nd->note : "", nd->note ? "(" : "");
        if (nd->nargs)
            print_operand(out, nd, 0);
        fputs(nd->note ? ")" : "", out);
        fprintf(out, " = %s", nd->value ? nd->value : "?");
        break;
    }
    if (nd->grad_numeric)
        fputs("  [numeric derivative]", out);
    fputc('\n', out);
}

static void print_list(FILE *out, const MirTrace *t, int levels, int indent)
{
    for (int i = 0; i < t->n; i++) {
        const MirTraceNode *nd = &t->nodes[i];
        mir_trace_print_node(out, nd, indent);
        if (nd->children && levels > 1)
            print_list(out, nd->children, levels - 1, indent + 2);
    }
}

void mir_trace_print(FILE *out, const MirTrace *t, int levels)
{
    const char *value = "?";
    if (t->n && t->nodes[t->n - 1].kind == MT_RETURN
        && t->nodes[t->n - 1].value)
        value = t->nodes[t->n - 1].value;
    fprintf(out, "⟨%s⟩(data, u) = %s\n", t->name, value);
    if (levels > 0)
        print_list(out, t, levels, 2);
}

void mir_trace_backward(const MirTrace *t, int index, bool *marks)
{
    memset(marks, 0, sizeof(bool) * (size_t)(t->n + 1));
    if (index < 1 || index > t->n)
        return;
    /* references point backwards: one sweep from index down suffices */
    const MirTraceNode *nd = &t->nodes[index - 1];
    for (int k = 0; k < nd->nargs; k++)
        if (nd->refs[k] > 0 && nd->refs[k] <= t->n)
            marks[nd->refs[k]] = true;
    for (int i = index - 1; i >= 1; i--) {
        if (!marks[i])
            continue;
        const MirTraceNode *m = &t->nodes[i - 1];
        for (int k = 0; k < m->nargs; k++)
            if (m->refs[k] > 0 && m->refs[k] < i)
                marks[m->refs[k]] = true;
    }
}

void mir_trace_forward(const MirTrace *t, int index, bool *marks)
{
    memset(marks, 0, sizeof(bool) * (size_t)(t->n + 1));
    if (index < 1 || index > t->n)
        return;
    for (int i = index + 1; i <= t->n; i++) {
        const MirTraceNode *m = &t->nodes[i - 1];
        for (int k = 0; k < m->nargs; k++) {
            int r = m->refs[k];
            if (r == index || (r > index && r < i && marks[r]))
                marks[i] = true;
        }
    }
}

void mir_trace_referenced(const MirTrace *t, bool *marks)
{
    memset(marks, 0, sizeof(bool) * (size_t)(t->n + 1));
    for (int i = 1; i <= t->n; i++) {
        const MirTraceNode *m = &t->nodes[i - 1];
        for (int k = 0; k < m->nargs; k++)
            if (m->refs[k] > 0 && m->refs[k] < i)
                marks[m->refs[k]] = true;
    }
}

int mir_trace_dependents(const MirTrace *t, int index, int *out)
{
    int n = 0;
    for (int i = index + 1; index >= 1 && i <= t->n; i++) {
        const MirTraceNode *m = &t->nodes[i - 1];
        for (int k = 0; k < m->nargs; k++)
            if (m->refs[k] == index) {
                out[n++] = i;
                break;
            }
    }
    return n;
}
