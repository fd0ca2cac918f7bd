-- Sample database for the thesis' textual query augmentation example (000_b5d86d278fd47bd1, §4.1.1): the
-- actor / movie / characters schema of BIRD's `movie` database, declared as the thesis prints it. `characters` is
-- the linker table (PK MovieID, ActorID) that §4.1.2 detects by centrality. Rows are written by hand: titles,
-- casts and dates follow the real films, while figures such as budgets, ratings, heights, pay and net worth are
-- rounded or illustrative, not authoritative. NULLs are kept where BIRD also leaves gaps (Pay, Screentime,
-- Biography, NetWorth). §4.1.2's question ("Who played the No.2 character in the credit list of the movie
-- 'American Hustle'?") has exactly one answer here: Bradley Cooper (CreditOrder 2 of MovieID 1).
PRAGMA foreign_keys = ON;
BEGIN TRANSACTION;

CREATE TABLE actor (
  ActorID INTEGER PRIMARY KEY, Name TEXT,
  DateOfBirth DATE, BirthCity TEXT, BirthCountry TEXT, HeightInches INTEGER,
  Biography TEXT, Gender TEXT, Ethnicity TEXT, NetWorth TEXT
);
CREATE TABLE movie (
  MovieID INTEGER PRIMARY KEY,
  Title TEXT,
  MPAARating TEXT,
  Budget INTEGER,
  Gross INTEGER,
  ReleaseDate TEXT,
  Genre TEXT,
  Runtime INTEGER,
  Rating REAL,
  RatingCount INTEGER,
  Summary TEXT
);
CREATE TABLE characters (
  MovieID INTEGER NOT NULL REFERENCES movie(MovieID),
  ActorID INTEGER NOT NULL REFERENCES actor(ActorID),
  CharacterName TEXT,
  CreditOrder INTEGER,
  Pay TEXT,
  Screentime TEXT,
  PRIMARY KEY (MovieID, ActorID)
);

INSERT INTO movie (MovieID, Title, MPAARating, Budget, Gross, ReleaseDate, Genre, Runtime, Rating, RatingCount, Summary) VALUES
  (1, 'American Hustle', 'R', 40000000, 251171807, '2013-12-12', 'Crime', 138, 7.2, 480000,
   'A con man and his partner are forced by an FBI agent to help set up a sting on New Jersey politicians.'),
  (2, 'Silver Linings Playbook', 'R', 21000000, 236412453, '2012-11-16', 'Romance', 122, 7.7, 720000,
   'After a stint in a mental institution, a former teacher moves back in with his parents and meets a widow.'),
  (3, 'The Dark Knight', 'PG-13', 185000000, 1004558444, '2008-07-18', 'Action', 152, 9.0, 2700000,
   'Batman faces the Joker, a criminal mastermind who plunges Gotham City into anarchy.'),
  (4, 'The Hunger Games', 'PG-13', 78000000, 694394724, '2012-03-23', 'Thriller', 142, 7.2, 950000,
   'A teenager volunteers to take her sister''s place in a televised fight to the death.'),
  (5, 'The Avengers', 'PG-13', 220000000, 1518812988, '2012-05-04', 'Action', 143, 8.0, 1400000,
   'Earth''s mightiest heroes must learn to fight as a team to stop an alien invasion.'),
  (6, 'Arrival', 'PG-13', 47000000, 203388186, '2016-11-11', 'Science Fiction', 116, 7.9, 730000,
   'A linguist is recruited to communicate with extraterrestrials after twelve spacecraft land around the world.'),
  (7, 'The Fighter', 'R', 25000000, 129190869, '2010-12-10', 'Drama', 116, 7.8, 380000,
   'A boxer trains for a title shot with the help of his half-brother, a former fighter struggling with addiction.'),
  (8, 'Guardians of the Galaxy', 'PG-13', 170000000, 773350147, '2014-08-01', 'Action', 121, 8.0, 1200000,
   'A group of intergalactic criminals must pull together to stop a fanatical warrior.'),
  (9, 'Joy', 'PG-13', 60000000, 101134059, '2015-12-25', 'Drama', 124, 6.6, 140000,
   'The story of a single mother who builds a business empire from a self-wringing mop.'),
  (10, 'The Hangover', 'R', 35000000, 469310836, '2009-06-05', 'Comedy', 100, 7.7, 800000,
   'Three friends wake up after a bachelor party in Las Vegas with no memory of the night and the groom missing.'),
  (11, 'Enchanted', 'PG', 85000000, 340487652, '2007-11-21', 'Family', 107, 7.1, 200000,
   'A fairy-tale princess is sent to present-day New York City by an evil queen.'),
  (12, 'X-Men: Days of Future Past', 'PG-13', 200000000, 747862775, '2014-05-23', 'Action', 132, 8.0, 750000,
   'The X-Men send Wolverine to the past to change history and prevent a war against mutants.'),
  (13, 'Up', 'PG', 175000000, 735099082, '2009-05-29', 'Animation', 96, 8.3, 1100000,
   'A widower ties thousands of balloons to his house and flies to South America, with a boy scout on the porch.'),
  (14, 'Toy Story 3', 'G', 200000000, 1066969703, '2010-06-18', 'Animation', 103, 8.3, 900000,
   'The toys are mistakenly delivered to a day-care center instead of the attic before Andy leaves for college.'),
  (15, 'The Wolf of Wall Street', 'R', 100000000, 392000694, '2013-12-25', 'Comedy', 180, 8.2, 1500000,
   'The rise and fall of a New York stockbroker whose firm is built on fraud.'),
  (16, 'Inception', 'PG-13', 160000000, 836836967, '2010-07-16', 'Action', 148, 8.8, 2400000,
   'A thief who steals corporate secrets through dream-sharing is asked to plant an idea instead.');

INSERT INTO actor (ActorID, Name, DateOfBirth, BirthCity, BirthCountry, HeightInches, Biography, Gender, Ethnicity, NetWorth) VALUES
  (1, 'Christian Bale', '1974-01-30', 'Haverfordwest', 'UK', 72,
   'Welsh-born actor known for intense physical transformations.', 'Male', 'White', '$120,000,000.00'),
  (2, 'Bradley Cooper', '1975-01-05', 'Philadelphia', 'USA', 73,
   'American actor and filmmaker.', 'Male', 'White', '$100,000,000.00'),
  (3, 'Amy Adams', '1974-08-20', 'Vicenza', 'Italy', 64,
   'American actress born in Italy, six-time Academy Award nominee.', 'Female', 'White', '$80,000,000.00'),
  (4, 'Jeremy Renner', '1971-01-07', 'Modesto', 'USA', 70,
   'American actor and musician.', 'Male', 'White', '$80,000,000.00'),
  (5, 'Jennifer Lawrence', '1990-08-15', 'Louisville', 'USA', 69,
   'American actress, Academy Award winner for Silver Linings Playbook.', 'Female', 'White', '$160,000,000.00'),
  (6, 'Robert De Niro', '1943-08-17', 'New York City', 'USA', 69,
   'American actor, producer and director.', 'Male', 'White', '$500,000,000.00'),
  (7, 'Jacki Weaver', '1947-05-25', 'Sydney', 'Australia', 62,
   NULL, 'Female', 'White', '$10,000,000.00'),
  (8, 'Heath Ledger', '1979-04-04', 'Perth', 'Australia', 73,
   'Australian actor, posthumous Academy Award winner for The Dark Knight.', 'Male', 'White', '$16,000,000.00'),
  (9, 'Gary Oldman', '1958-03-21', 'London', 'UK', 69,
   'English actor and filmmaker.', 'Male', 'White', '$40,000,000.00'),
  (10, 'Michael Caine', '1933-03-14', 'London', 'UK', 74,
   'English actor with a career spanning seven decades.', 'Male', 'White', '$75,000,000.00'),
  (11, 'Josh Hutcherson', '1992-10-12', 'Union', 'USA', 66,
   NULL, 'Male', 'White', '$20,000,000.00'),
  (12, 'Liam Hemsworth', '1990-01-13', 'Melbourne', 'Australia', 75,
   NULL, 'Male', 'White', '$30,000,000.00'),
  (13, 'Robert Downey Jr.', '1965-04-04', 'New York City', 'USA', 68,
   'American actor best known as Tony Stark.', 'Male', 'White', '$300,000,000.00'),
  (14, 'Chris Evans', '1981-06-13', 'Boston', 'USA', 72,
   NULL, 'Male', 'White', '$110,000,000.00'),
  (15, 'Scarlett Johansson', '1984-11-22', 'New York City', 'USA', 63,
   'American actress and singer.', 'Female', 'White', '$165,000,000.00'),
  (16, 'Chris Pratt', '1979-06-21', 'Virginia', 'USA', 74,
   NULL, 'Male', 'White', '$80,000,000.00'),
  (17, 'Zoe Saldana', '1978-06-19', 'Passaic', 'USA', 67,
   'American actress known for several of the highest-grossing films.', 'Female', 'Latino', '$35,000,000.00'),
  (18, 'Mark Wahlberg', '1971-06-05', 'Boston', 'USA', 68,
   'American actor, producer and former rapper.', 'Male', 'White', '$400,000,000.00'),
  (19, 'Melissa Leo', '1960-09-14', 'New York City', 'USA', 66,
   NULL, 'Female', 'White', NULL),
  (20, 'Zach Galifianakis', '1969-10-01', 'Wilkesboro', 'USA', 68,
   'American comedian and actor.', 'Male', 'White', '$30,000,000.00'),
  (21, 'Ed Helms', '1974-01-24', 'Atlanta', 'USA', 71,
   NULL, 'Male', 'White', '$25,000,000.00'),
  (22, 'Patrick Dempsey', '1966-01-13', 'Lewiston', 'USA', 70,
   NULL, 'Male', 'White', '$80,000,000.00'),
  (23, 'James Marsden', '1973-09-18', 'Stillwater', 'USA', 71,
   NULL, 'Male', 'White', '$20,000,000.00'),
  (24, 'Hugh Jackman', '1968-10-12', 'Sydney', 'Australia', 74,
   'Australian actor and singer, Wolverine for seventeen years.', 'Male', 'White', '$180,000,000.00'),
  (25, 'Michael Fassbender', '1977-04-02', 'Heidelberg', 'Germany', 72,
   NULL, 'Male', 'White', '$35,000,000.00'),
  (26, 'Forest Whitaker', '1961-07-15', 'Longview', 'USA', 74,
   'American actor, producer and director.', 'Male', 'African American', '$50,000,000.00'),
  (27, 'Ed Asner', '1929-11-15', 'Kansas City', 'USA', 68,
   NULL, 'Male', 'White', '$15,000,000.00'),
  (28, 'Tom Hanks', '1956-07-09', 'Concord', 'USA', 72,
   'American actor and filmmaker, two-time Academy Award winner.', 'Male', 'White', '$400,000,000.00'),
  (29, 'Tim Allen', '1953-06-13', 'Denver', 'USA', 70,
   NULL, 'Male', 'White', '$100,000,000.00'),
  (30, 'Leonardo DiCaprio', '1974-11-11', 'Los Angeles', 'USA', 72,
   'American actor and producer.', 'Male', 'White', '$300,000,000.00'),
  (31, 'Margot Robbie', '1990-07-02', 'Dalby', 'Australia', 66,
   NULL, 'Female', 'White', '$60,000,000.00'),
  (32, 'Jonah Hill', '1983-12-20', 'Los Angeles', 'USA', 67,
   NULL, 'Male', 'White', '$70,000,000.00'),
  (33, 'Joseph Gordon-Levitt', '1981-02-17', 'Los Angeles', 'USA', 69,
   NULL, 'Male', 'White', '$40,000,000.00'),
  (34, 'Tom Hardy', '1977-09-15', 'London', 'UK', 69,
   'English actor and producer.', 'Male', 'White', '$45,000,000.00');

INSERT INTO characters (MovieID, ActorID, CharacterName, CreditOrder, Pay, Screentime) VALUES
  -- 1 American Hustle: §4.1.2's question asks for CreditOrder 2.
  (1, 1, 'Irving Rosenfeld', 1, NULL, NULL),
  (1, 2, 'Richie DiMaso', 2, NULL, NULL),
  (1, 3, 'Sydney Prosser', 3, NULL, NULL),
  (1, 4, 'Carmine Polito', 4, NULL, NULL),
  (1, 5, 'Rosalyn Rosenfeld', 5, NULL, NULL),
  (1, 6, 'Victor Tellegio', 6, NULL, NULL),
  -- 2 Silver Linings Playbook
  (2, 2, 'Pat', 1, NULL, NULL),
  (2, 5, 'Tiffany', 2, NULL, NULL),
  (2, 6, 'Pat Sr.', 3, NULL, NULL),
  (2, 7, 'Dolores', 4, NULL, NULL),
  -- 3 The Dark Knight
  (3, 1, 'Bruce Wayne', 1, '$10,000,000.00', '0:32:30'),
  (3, 8, 'Joker', 2, '$2,000,000.00', '0:33:10'),
  (3, 10, 'Alfred', 3, NULL, NULL),
  (3, 9, 'James Gordon', 4, NULL, NULL),
  -- 4 The Hunger Games
  (4, 5, 'Katniss Everdeen', 1, '$500,000.00', NULL),
  (4, 11, 'Peeta Mellark', 2, NULL, NULL),
  (4, 12, 'Gale Hawthorne', 3, NULL, NULL),
  -- 5 The Avengers
  (5, 13, 'Tony Stark', 1, '$50,000,000.00', NULL),
  (5, 14, 'Steve Rogers', 2, NULL, NULL),
  (5, 15, 'Natasha Romanoff', 3, NULL, NULL),
  (5, 4, 'Clint Barton', 4, NULL, NULL),
  -- 6 Arrival
  (6, 3, 'Louise Banks', 1, NULL, NULL),
  (6, 4, 'Ian Donnelly', 2, NULL, NULL),
  (6, 26, 'Colonel Weber', 3, NULL, NULL),
  -- 7 The Fighter
  (7, 18, 'Micky Ward', 1, NULL, NULL),
  (7, 1, 'Dicky Eklund', 2, NULL, NULL),
  (7, 3, 'Charlene Fleming', 3, NULL, NULL),
  (7, 19, 'Alice Ward', 4, NULL, NULL),
  -- 8 Guardians of the Galaxy
  (8, 16, 'Peter Quill', 1, NULL, NULL),
  (8, 17, 'Gamora', 2, NULL, NULL),
  (8, 2, 'Rocket', 3, NULL, '0:20:00'),
  -- 9 Joy
  (9, 5, 'Joy Mangano', 1, NULL, NULL),
  (9, 6, 'Rudy', 2, NULL, NULL),
  (9, 2, 'Neil Walker', 3, NULL, NULL),
  -- 10 The Hangover
  (10, 2, 'Phil', 1, '$600,000.00', NULL),
  (10, 21, 'Stu', 2, NULL, NULL),
  (10, 20, 'Alan', 3, NULL, NULL),
  -- 11 Enchanted
  (11, 3, 'Giselle', 1, NULL, NULL),
  (11, 22, 'Robert Philip', 2, NULL, NULL),
  (11, 23, 'Prince Edward', 3, NULL, NULL),
  -- 12 X-Men: Days of Future Past
  (12, 24, 'Logan', 1, NULL, NULL),
  (12, 25, 'Erik Lehnsherr', 2, NULL, NULL),
  (12, 5, 'Raven', 3, NULL, NULL),
  -- 13 Up (voice roles)
  (13, 27, 'Carl Fredricksen', 1, NULL, NULL),
  -- 14 Toy Story 3 (voice roles)
  (14, 28, 'Woody', 1, NULL, NULL),
  (14, 29, 'Buzz Lightyear', 2, NULL, NULL),
  -- 15 The Wolf of Wall Street
  (15, 30, 'Jordan Belfort', 1, NULL, NULL),
  (15, 32, 'Donnie Azoff', 2, NULL, NULL),
  (15, 31, 'Naomi Lapaglia', 3, NULL, NULL),
  -- 16 Inception
  (16, 30, 'Cobb', 1, NULL, NULL),
  (16, 33, 'Arthur', 2, NULL, NULL),
  (16, 34, 'Eames', 3, NULL, NULL),
  (16, 10, 'Miles', 4, NULL, NULL);

COMMIT;
