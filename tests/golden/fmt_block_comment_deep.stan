// A block comment of several lines starting right of the formatter's
// maximum indentation (column 68): the layout puts its later lines at the
// maximum indentation, and formatting again measured them from the
// comment's column, moving them two columns left on every run.  (Nested
// blocks make the indentation: nested loops made one-step-unroll peel
// 2^35 copies when the validator ran every golden program through it.)
parameters {
  real x;
}
model {
{
{
{
{
{
{
{
{
{
{
{
{
{
{
{
{
{
{
{
{
{
{
{
{
{
{
{
{
{
{
{
{
{
{
{
/* a multi-line
   * block comment here
     more */
x ~ normal(0, 1);
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
