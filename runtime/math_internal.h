/* math_internal.h - what the scalar special-function files
 * (math_scalar.c, math_special.c, math_incomplete.c, math_bessel.c) share: the value of a
 * GSL _e call made with GSL's error handler off.  Not part of libpplrt's
 * interface. */
#ifndef MATH_INTERNAL_H
#define MATH_INTERNAL_H

#include <math.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_sf_result.h>

/* The value of a GSL _e function, NaN if GSL reports a domain error;
 * an underflow keeps GSL's value (0 or a denormal). */
static inline double gsl_finish(int status,
                                 const gsl_sf_result *r)
{
    if (status == GSL_SUCCESS || status == GSL_EUNDRFLW ||
        status == GSL_EOVRFLW || status == GSL_ELOSS)
        return r->val;
    return NAN;
}


#endif
