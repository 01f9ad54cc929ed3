/** Place data licences (GeoNames CC BY 4.0 asks for attribution); on every page's footer. */
export function Attribution() {
  return (
    <p className="attribution">
      Place data: <a href="https://www.geonames.org/">GeoNames</a> (CC BY 4.0) and{" "}
      <a href="https://ourairports.com/data/">OurAirports</a> (public domain).
    </p>
  );
}
