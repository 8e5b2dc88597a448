package report

import (
	"time"

	"codeberg.org/go-pdf/fpdf"
)

// pdfDate is the creation and modification date written into every PDF.
//
// gonum's vgpdf canvas gives no access to its fpdf document, so
// deterministic PDFs are obtained through fpdf's package-level defaults,
// set once when this package is initialised: a fixed date (2000-01-01
// 00:00:00 UTC) instead of time.Now, and sorted resource catalogues
// instead of map order. These defaults apply to every fpdf document
// created in the process.
var pdfDate = time.Date(2000, time.January, 1, 0, 0, 0, 0, time.UTC)

func init() {
	fpdf.SetDefaultCreationDate(pdfDate)
	fpdf.SetDefaultModificationDate(pdfDate)
	fpdf.SetDefaultCatalogSort(true)
}
