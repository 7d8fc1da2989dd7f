/* emit_sizes.c - the checks of declared sizes in emitted C: where a
 * variable is declared, its sizes go through rt_dims_check (each
 * non-negative, Stan's message naming the variable and the size's
 * expression; their product within the int element count the emitted
 * loops index), so that every count emitted code computes from them
 * (em_var_count, offsets, bytes) cannot overflow. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

/* A size expression as the MIR prints it ("N", "K - 1"), as a C string
 * literal (em_c_string). */
static const char *size_text(Emit *em, const MirExpr *e)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return "\"?\"";
    /* an internal error in the printer frees the stream here (ice.h) */
    jmp_buf recover;
    jmp_buf *outer = diag_set_ice_target(&recover);
    volatile bool ice = false;
    if (setjmp(recover) != 0)
        ice = true;
    else
        mir_pretty_expr(f, em->p, e);
    diag_set_ice_target(outer);
    if (ice) {
        fclose(f);
        free(buf);
        diag_ice_rethrow();
    }
    if (fclose(f) != 0 || !buf) {
        free(buf);
        return "\"?\"";
    }
    /* "(N - 1)" as stanc3 shows it: N - 1 */
    size_t n = strlen(buf);
    char *text = buf;
    if (n >= 2 && buf[0] == '(' && buf[n - 1] == ')') {
        int depth = 0;
        size_t close = 0;
        for (size_t i = 0; i < n && !close; i++) {
            depth += buf[i] == '(' ? 1 : buf[i] == ')' ? -1 : 0;
            if (depth == 0)
                close = i;
        }
        if (close == n - 1) {
            buf[n - 1] = '\0';
            text = buf + 1;
        }
    }
    const char *literal = em_c_string(em->a, text);
    free(buf);
    return literal;
}

void em_dims_check(Emit *em, VarId v)
{
    const MirVar *var = &em->p->vars[v];
    const MirSized *s = &var->sized;
    int n = s->ndims + s->nsizes;
    if (n == 0)
        return;
    const char *exprs = "", *dims = "";
    for (int k = 0; k < n; k++) {
        const MirExpr *e = k < s->ndims ? s->dims[k] : s->size[k - s->ndims];
        exprs = A("%s%s%s", exprs, k ? ", " : "", size_text(em, e));
        dims = A("%s%s%s", dims, k ? ", " : "", em_var_dim(em, v, k));
    }
    em_line(em, "if (rt_dims_check(%s, (const char *[]){%s}, (int[]){%s}, "
            "%d, err)) return -1;", em_c_string(em->a, var->name), exprs, dims,
            n);
}

/* Whether s is a decimal literal ("1", "12"). */
static bool is_literal(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return false;
    return true;
}

void em_temp_check(Emit *em, const char *rows, const char *cols)
{
    if (!rows || !cols || (is_literal(rows) && is_literal(cols)))
        return;
    em_line(em, "if (rt_temp_check(%s, %s, err)) return -1;", rows, cols);
}

const char *em_size_sum(Emit *em, const char *a, const char *b)
{
    const char *sum = em_fresh(em, "n");
    em_line(em, "int %s = 0;", sum);
    em_line(em, "if (rt_shape_sum(%s, %s, &%s, err)) return -1;", a, b, sum);
    return sum;
}

void em_guarded_entry(Emit *em, const char *entry, const char *body,
                      const char *params, const char *args)
{
    em_line(em, "static int %s(%s)", entry, params);
    em_line(em, "{");
    em->indent++;
    em_line(em, "State *S = (State *)&((const Model *)mv)->state;");
    em_line(em, "jmp_buf oom;");
    em_line(em, "if (setjmp(oom))");
    em_line(em, "    return %srt_scratch_oom(&S->scratch, err);",
            em_profile_any(em) ? "rt_profile_unwind(&S->profiles), " : "");
    em_line(em, "S->scratch.on_fail = &oom;");
    em_line(em, "int status = %s(%s);", body, args);
    em_line(em, "S->scratch.on_fail = NULL;");
    /* a failed evaluation may have left profile timers running */
    if (em_profile_any(em))
        em_line(em, "if (status)");
    em->indent++;
    em_profile_unwind(em);
    em->indent--;
    em_line(em, "return status;");
    em->indent--;
    em_line(em, "}");
}
