/** Text for people reading a terminal or a Markdown file: reports, tables of figures. */
export { markdownTable } from "./table";
