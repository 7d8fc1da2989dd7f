/* rt_profile.h - Stan's profile("name") { ... } blocks in a compiled
 * sampler (profile.c).  Included by pplrt.h, after RtError.
 *
 * The emitted program knows its profile names at compile time: it numbers
 * them 0..n-1 (in order of first appearance), keeps one RtProfile record
 * per name in its working state and brackets every block's value code
 * with rt_profile_enter/rt_profile_leave and its adjoint code (the
 * reverse sweep) with rt_profile_rev_enter/rt_profile_rev_leave.  A
 * program without profile blocks emits none of this and costs nothing.
 *
 * CmdStan's columns (stan/math/rev/core/profiling.hpp), mapped onto
 * pplbench's compile-time reverse mode:
 *   forward_time      seconds in the block's value code (with CmdStan,
 *                     the forward pass).  The backend computes some
 *                     partials in the value code itself (fused densities,
 *                     target increments whose adjoint is known to be 1,
 *                     a user function's reverse twin called there): that
 *                     time is forward time too.
 *   reverse_time      seconds in the block's code in the reverse sweep.
 *   total_time        forward_time + reverse_time, as CmdStan writes it.
 *   chain_stack       Stan: vars put on the chaining AD stack, summed over
 *                     gradient evaluations.  Here: the values the block
 *                     saves on the reverse sweep's tape (RtStack, doubles
 *                     and ints), summed the same way: what the reverse
 *                     sweep will read back.
 *   no_chain_stack    Stan: vars on the non-chaining stack.  pplbench has
 *                     no such nodes (adjoints are C variables, not heap
 *                     objects), so always 0.
 *   autodiff_calls    completed executions of the block in an evaluation
 *                     with a gradient;
 *   no_autodiff_calls  ... in one without (log density without gradient,
 *                     transformed data, write_array: transformed
 *                     parameters and generated quantities).
 * Nesting: each name has its own record, so an inner block's time also
 * counts in the outer block's, as in Stan.  A block entered again while
 * the same name is active (recursion through a user function, or
 * `pplbench build --profile`'s fn: records of a recursive function) is
 * timed and counted once, by its outermost activation; Stan rejects that
 * case ("Profile 'x' already started!").  A user function's reverse twin
 * runs the function's body a second time; that run's value code counts as
 * forward time but not as a call (rt_profile_leave's counted flag), so the
 * calls are the executions the program makes. */
#ifndef RT_PROFILE_H
#define RT_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* One profile name's accumulated figures (see above). */
typedef struct RtProfile {
    const char *name;            /* not owned: the program's constant */
    double forward_s, reverse_s;
    int64_t chain_stack, no_chain_stack;
    int64_t autodiff_calls, no_autodiff_calls;
    /* while active: nesting depth, start times and tape size at entry */
    int depth, rev_depth;
    double t0, rev_t0;
    size_t tape0;
    bool tape0_set;
} RtProfile;

/* The table a model's working state owns. */
typedef struct RtProfiles {
    RtProfile *rec;              /* n records, not owned */
    int n;
    bool gradient;               /* the evaluation under way has one */
} RtProfiles;

/* Point t at the n records rec, named names[0..n-1], all zero. */
void rt_profile_init(RtProfiles *t, RtProfile *rec, const char *const *names,
                     int n);
/* An evaluation starts: with a gradient or without. */
static inline void rt_profile_eval(RtProfiles *t, bool gradient)
{
    t->gradient = gradient;
}
/* Block i's value code starts; tape_size is the reverse sweep's tape
 * length now (0 where there is no tape). */
void rt_profile_enter(RtProfiles *t, int i, size_t tape_size);
/* Block i's value code ends; counted: whether this run is an execution of
 * the program (false for a reverse twin's recomputation). */
void rt_profile_leave(RtProfiles *t, int i, size_t tape_size, bool counted);
/* Block i's reverse sweep starts / ends. */
void rt_profile_rev_enter(RtProfiles *t, int i);
void rt_profile_rev_leave(RtProfiles *t, int i);
/* An evaluation ended early (a rejection, an error, out of memory):
 * stop every active timer, as Stan's profile destructors do when an
 * exception leaves the block, so the next evaluation starts clean. */
void rt_profile_unwind(RtProfiles *t);
/* The number of names that ran at least once: the rows of the file
 * (CmdStan writes no file when there are none). */
int rt_profile_rows(const RtProfiles *t);
/* Write the table in CmdStan's profile CSV format to f: the header line
 * name,thread_id,total_time,forward_time,reverse_time,chain_stack,
 * no_chain_stack,autodiff_calls,no_autodiff_calls and one row per name
 * (sorted), times with 6 significant digits as C++ streams print them,
 * thread_id the calling thread's (the one that evaluated the model).  A
 * name with a comma, quote, CR or LF is quoted as RFC 4180 says. */
void rt_profile_write_csv(FILE *f, const RtProfiles *t);
/* rt_profile_write_csv into PATH through rt_out_open/rt_out_commit
 * (atomic; refused when PATH is one of the NPROTECT paths PROTECT).  0, or
 * -1 with err set. */
int rt_profile_save(const RtProfiles *t, const char *path,
                    const char *const *protect, int nprotect, RtError *err);

#endif
