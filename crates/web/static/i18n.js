// The page texts (replaced by the page).
