transformed data {
  ;
}
