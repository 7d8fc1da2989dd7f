transformed data {
  continue;
}
