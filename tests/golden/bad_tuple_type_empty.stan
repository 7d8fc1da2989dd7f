transformed data {
  tuple() t;
}
