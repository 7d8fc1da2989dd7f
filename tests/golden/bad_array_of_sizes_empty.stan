data {
  array[] real a;
}
