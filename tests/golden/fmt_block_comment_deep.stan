// A block comment of several lines starting right of the formatter's
// maximum indentation (column 68): the layout puts its later lines at the
// maximum indentation, and formatting again measured them from the
// comment's column, moving them two columns left on every run.
parameters {
  real x;
}
model {
for (i0 in 1:2) {
for (i1 in 1:2) {
for (i2 in 1:2) {
for (i3 in 1:2) {
for (i4 in 1:2) {
for (i5 in 1:2) {
for (i6 in 1:2) {
for (i7 in 1:2) {
for (i8 in 1:2) {
for (i9 in 1:2) {
for (i10 in 1:2) {
for (i11 in 1:2) {
for (i12 in 1:2) {
for (i13 in 1:2) {
for (i14 in 1:2) {
for (i15 in 1:2) {
for (i16 in 1:2) {
for (i17 in 1:2) {
for (i18 in 1:2) {
for (i19 in 1:2) {
for (i20 in 1:2) {
for (i21 in 1:2) {
for (i22 in 1:2) {
for (i23 in 1:2) {
for (i24 in 1:2) {
for (i25 in 1:2) {
for (i26 in 1:2) {
for (i27 in 1:2) {
for (i28 in 1:2) {
for (i29 in 1:2) {
for (i30 in 1:2) {
for (i31 in 1:2) {
for (i32 in 1:2) {
for (i33 in 1:2) {
for (i34 in 1:2) {
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
