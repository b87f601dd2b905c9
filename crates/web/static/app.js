// The page script (replaced by the page).
