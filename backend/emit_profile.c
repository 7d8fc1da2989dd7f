/* emit_profile.c - Stan's profile("name") { ... } blocks in the emitted
 * C: timers and counters around a block's value code and around its code
 * in the reverse sweep, accumulated in the runtime's profile table
 * (runtime/profile.c, rt_profile.h says what each CmdStan column means
 * here) that the model's working state owns, and written by rt_main to
 * profile_file.
 *
 * The program's profile names are numbered once, in order of first
 * appearance (functions, then prepare_data, log_prob, generate_quantities,
 * transform_inits); the emitted C refers to a record by its number and
 * carries the names only as C string literals made by em_c_string.  A
 * program without profile blocks gets none of this: the same C as before.
 *
 * A block is left early by a C break, continue or return where the
 * backend keeps them as such (code without derivatives); each one leaves,
 * first, the profiles it jumps out of.  An evaluation that fails inside a
 * block is cleaned up by its entry point (rt_profile_unwind). */
#include <string.h>

#include "emit.h"

struct EmProfiles {
    const char **names;          /* without their quotes */
    int n, cap;
    /* the blocks being emitted, innermost last: their numbers and bodies
     * (Emit.profiles_open of them: a copy of the Emit that gives up on a
     * function leaves its caller's count as it was) */
    struct { int index; const MirStmt *body; } open[64];
};

/* The name of a profile statement without the quotes lowering kept. */
static const char *unquoted(Arena *a, const char *name)
{
    size_t n = strlen(name);
    if (n >= 2 && name[0] == '"' && name[n - 1] == '"')
        return arena_strndup(a, name + 1, n - 2);
    return name;
}

static int find_name(const EmProfiles *t, const char *name)
{
    for (int i = 0; i < t->n; i++)
        if (strcmp(t->names[i], name) == 0)
            return i;
    return -1;
}

static void collect(Emit *em, const MirStmt *s)
{
    if (!s)
        return;
    switch (s->kind) {
    case MS_PROFILE: {
        EmProfiles *t = em->profiles;
        const char *name = unquoted(em->a, s->name);
        if (find_name(t, name) < 0) {
            if (t->n == t->cap) {
                int cap = t->cap ? 2 * t->cap : 8;
                const char **names = arena_alloc(em->a, sizeof *names
                                                 * (size_t)cap);
                if (t->n)
                    memcpy(names, t->names, sizeof *names * (size_t)t->n);
                t->names = names;
                t->cap = cap;
            }
            t->names[t->n++] = name;
        }
        collect(em, s->body);
        return;
    }
    case MS_IF:
        collect(em, s->body);
        collect(em, s->else_body);
        return;
    case MS_FOR: case MS_WHILE:
        collect(em, s->body);
        return;
    case MS_BLOCK: case MS_SLIST:
        for (int i = 0; i < s->nstmts; i++)
            collect(em, s->stmts[i]);
        return;
    default:
        return;
    }
}

void em_profile_scan(Emit *em)
{
    em->profiles = arena_alloc(em->a, sizeof *em->profiles);
    memset(em->profiles, 0, sizeof *em->profiles);
    const MirProgram *p = em->p;
    for (int i = 0; i < p->nfuns; i++)
        collect(em, p->funs[i].body);
    collect(em, p->prepare_data);
    collect(em, p->log_prob);
    collect(em, p->generate_quantities);
    collect(em, p->transform_inits);
}

static int count(const Emit *em)
{
    return em->profiles ? em->profiles->n : 0;
}

bool em_profile_any(const Emit *em)
{
    return count(em) > 0;
}

void em_profile_state_fields(Emit *em)
{
    if (!count(em))
        return;
    em_line(em, "    RtProfiles profiles; /* profile blocks (profile.c) */");
    em_line(em, "    RtProfile profile_rec[%d];", count(em));
}

void em_profile_names(Emit *em)
{
    if (!count(em))
        return;
    const EmProfiles *t = em->profiles;
    em_line(em, "static const char *const profile_names[%d] = {", t->n);
    for (int i = 0; i < t->n; i++)
        em_line(em, "    %s,", em_c_string(em->a, t->names[i]));
    em_line(em, "};");
    fputc('\n', em->out);
}

void em_profile_accessor(Emit *em)
{
    if (!count(em))
        return;
    em_line(em, "static const RtProfiles *m_profiles(const void *mv)");
    em_line(em, "{");
    em_line(em, "    return &((const Model *)mv)->state.profiles;");
    em_line(em, "}");
    fputc('\n', em->out);
}

void em_profile_init(Emit *em, const char *state)
{
    if (count(em))
        em_line(em, "rt_profile_init(&%s.profiles, %s.profile_rec, "
                "profile_names, %d);", state, state, count(em));
}

void em_profile_eval(Emit *em, const char *gradient)
{
    if (count(em))
        em_line(em, "rt_profile_eval(&S->profiles, %s);", gradient);
}

void em_profile_unwind(Emit *em)
{
    if (count(em))
        em_line(em, "rt_profile_unwind(&S->profiles);");
}

const char *em_profile_model_entry(const Emit *em)
{
    return count(em) ? "    .profiles = m_profiles,\n" : "";
}

static const char tape[] = "S->stack.nd + S->stack.ni";

/* The reverse twin of a user function runs the body again after its
 * primal call: that run is forward time but not another call. */
static bool counted(const Emit *em)
{
    return !(em->in_function && em->ad);
}

void em_profile_fwd(Emit *em, const MirStmt *s, Section sec)
{
    EmProfiles *t = em->profiles;
    int i = find_name(t, unquoted(em->a, s->name));
    int k = em->profiles_open;
    if (i < 0 || k == (int)(sizeof t->open / sizeof t->open[0]))
        em_unsupported(em, "profile(%s) nested this deep", s->name);
    em_line(em, "rt_profile_enter(&S->profiles, %d, %s);", i, tape);
    t->open[k].index = i;
    t->open[k].body = s->body;
    em->profiles_open = k + 1;
    em_fwd_stmt(em, s->body, sec);
    em->profiles_open = k;
    em_line(em, "rt_profile_leave(&S->profiles, %d, %s, %s);", i, tape,
            counted(em) ? "true" : "false");
}

void em_profile_rev(Emit *em, const MirStmt *s)
{
    int i = find_name(em->profiles, unquoted(em->a, s->name));
    if (i < 0)
        em_unsupported(em, "profile(%s) here", s->name);
    em_line(em, "rt_profile_rev_enter(&S->profiles, %d);", i);
    em_rev_stmt(em, s->body);
    em_line(em, "rt_profile_rev_leave(&S->profiles, %d);", i);
}

/* Whether the break or continue x in body jumps out of body: it is not
 * inside a loop of body. */
static bool leaves(const MirStmt *body, const MirStmt *x)
{
    if (!body)
        return false;
    if (body == x)
        return true;
    switch (body->kind) {
    case MS_IF:
        return leaves(body->body, x) || leaves(body->else_body, x);
    case MS_PROFILE:
        return leaves(body->body, x);
    case MS_BLOCK: case MS_SLIST:
        for (int i = 0; i < body->nstmts; i++)
            if (leaves(body->stmts[i], x))
                return true;
        return false;
    default:
        return false;   /* a loop: its break and continue stay inside */
    }
}

void em_profile_exit(Emit *em, const MirStmt *x)
{
    const EmProfiles *t = em->profiles;
    if (!t)
        return;
    for (int k = em->profiles_open - 1; k >= 0; k--) {
        if (x->kind != MS_RETURN && !leaves(t->open[k].body, x))
            break;   /* it stays in this block, so in the outer ones */
        em_line(em, "rt_profile_leave(&S->profiles, %d, %s, %s);",
                t->open[k].index, tape, counted(em) ? "true" : "false");
    }
}
