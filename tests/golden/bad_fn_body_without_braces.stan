functions {
  real foo() reject("no");
}
