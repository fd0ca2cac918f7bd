SELECT COUNT(DISTINCT molecule.molecule_id) FROM molecule JOIN atom ON atom.molecule_id = molecule.molecule_id WHERE molecule.label = "-" AND atom.element = "cl"	toxicology
SELECT COUNT(T.bond_id) FROM bond AS T WHERE T.bond_type = '#'	toxicology
SELECT T.bond_type FROM ( SELECT bond_type, COUNT(bond_id) FROM bond GROUP BY bond_type ORDER BY COUNT(bond_id) DESC LIMIT 1 ) AS T	toxicology
SELECT DISTINCT element FROM atom WHERE molecule_id = 'TR004'	toxicology
SELECT DISTINCT T2.molecule_id FROM bond AS T1 INNER JOIN molecule AS T2 ON T1.molecule_id = T2.molecule_id WHERE T1.bond_type = '#' AND T2.label = '+'	toxicology
SELECT T1.bond_type FROM bond AS T1 INNER JOIN connected AS T2 ON T1.bond_id = T2.bond_id WHERE T2.atom_id = 'TR007_3' AND T2.atom_id2 = 'TR007_4' OR T2.atom_id2 = 'TR007_3' AND T2.atom_id = 'TR007_4'	toxicology
SELECT DISTINCT T1.bond_type FROM bond AS T1 INNER JOIN connected AS T2 ON T1.bond_id = T2.bond_id INNER JOIN atom AS T3 ON T2.atom_id = T3.atom_id WHERE T3.element = 'cl'	toxicology
SELECT molecule_id, COUNT(atom_id) FROM atom GROUP BY molecule_id HAVING COUNT(atom_id) > 8	toxicology
SELECT COUNT(T.molecule_id) FROM molecule AS T WHERE T.label = '-' AND T.molecule_id NOT IN ( SELECT molecule_id FROM bond )	toxicology
SELECT CAST(SUM(CASE WHEN T.label = '+' THEN 1 ELSE 0 END) AS REAL) * 100 / COUNT(T.molecule_id) FROM molecule AS T	toxicology
SELECT T.element FROM ( SELECT T1.element, COUNT(T1.atom_id) FROM atom AS T1 INNER JOIN molecule AS T2 ON T1.molecule_id = T2.molecule_id WHERE T2.label = '+' GROUP BY T1.element ORDER BY COUNT(T1.atom_id) DESC LIMIT 1 ) AS T	toxicology
SELECT DISTINCT T1.element FROM atom AS T1 INNER JOIN connected AS T2 ON T1.atom_id = T2.atom_id WHERE T2.bond_id = 'TR009_1_3'	toxicology
SELECT COUNT(DISTINCT T1.molecule_id) FROM molecule AS T1 INNER JOIN bond AS T2 ON T1.molecule_id = T2.molecule_id INNER JOIN atom AS T3 ON T1.molecule_id = T3.molecule_id WHERE T2.bond_type = '=' AND T3.element = 'o'	toxicology
SELECT T2.atom_id, T2.atom_id2 FROM bond AS T1 INNER JOIN connected AS T2 ON T1.bond_id = T2.bond_id WHERE T1.bond_type = '#'	toxicology
SELECT T3.Name FROM movie AS T1 INNER JOIN characters AS T2 ON T1.MovieID = T2.MovieID INNER JOIN actor AS T3 ON T3.ActorID = T2.ActorID WHERE T1.Title = 'American Hustle' AND T2.creditOrder = '2'	movies
SELECT COUNT(MovieID) FROM movie WHERE MPAARating = 'PG-13'	movies
SELECT Title FROM movie ORDER BY Gross ASC LIMIT 1	movies
SELECT COUNT(ActorID) FROM actor WHERE BirthCountry = 'Australia'	movies
SELECT T3.Name FROM movie AS T1 INNER JOIN characters AS T2 ON T1.MovieID = T2.MovieID INNER JOIN actor AS T3 ON T3.ActorID = T2.ActorID WHERE T1.Title = 'The Fighter'	movies
SELECT T2.CharacterName FROM movie AS T1 INNER JOIN characters AS T2 ON T1.MovieID = T2.MovieID INNER JOIN actor AS T3 ON T3.ActorID = T2.ActorID WHERE T1.Title = 'Silver Linings Playbook' AND T3.Name = 'Jennifer Lawrence'	movies
SELECT AVG(T1.Rating) FROM movie AS T1 INNER JOIN characters AS T2 ON T1.MovieID = T2.MovieID INNER JOIN actor AS T3 ON T3.ActorID = T2.ActorID WHERE T3.Name = 'Bradley Cooper'	movies
SELECT T2.Name FROM characters AS T1 INNER JOIN actor AS T2 ON T1.ActorID = T2.ActorID GROUP BY T2.ActorID HAVING COUNT(T1.MovieID) >= 4	movies
SELECT Title FROM movie WHERE MPAARating = 'R' AND Gross > ( SELECT AVG(Gross) FROM movie WHERE MPAARating = 'R' )	movies
SELECT T3.Name FROM movie AS T1 INNER JOIN characters AS T2 ON T1.MovieID = T2.MovieID INNER JOIN actor AS T3 ON T3.ActorID = T2.ActorID WHERE T1.Title = 'Inception' ORDER BY T3.HeightInches DESC LIMIT 1	movies
SELECT Title FROM movie WHERE ReleaseDate LIKE '2012%' ORDER BY Runtime DESC LIMIT 1	movies
SELECT T2.NetWorth FROM characters AS T1 INNER JOIN actor AS T2 ON T1.ActorID = T2.ActorID WHERE T1.CharacterName = 'Richie DiMaso'	movies
SELECT T1.Title FROM movie AS T1 INNER JOIN characters AS T2 ON T1.MovieID = T2.MovieID INNER JOIN actor AS T3 ON T3.ActorID = T2.ActorID WHERE T2.CreditOrder = 1 AND T3.Gender = 'Female'	movies
SELECT AVG(Runtime) FROM movie WHERE Genre = 'Animation'	movies
