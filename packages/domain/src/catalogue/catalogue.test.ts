import { describe, expect, it } from 'vitest';
import { Catalogue, foldName, gameOrderName, loadCatalogue } from './index.js';

describe('card catalogue', () => {
  const catalogue = loadCatalogue();

  it('loads every card once', () => {
    expect(catalogue.size).toBe(18_547);
    expect(loadCatalogue()).toBe(catalogue);
  });

  it('finds a card by definition id with its derived quality', () => {
    expect(catalogue.byDefinitionId(237067)).toMatchObject({
      name: 'Pelé',
      rating: 95,
      rarityId: 12,
      quality: 'special',
    });
    expect(catalogue.byDefinitionId(1)).toBeUndefined();
  });

  it('groups versions by base id', () => {
    const special = catalogue.cards.find((card) => card.definitionId !== card.baseId);
    expect(special).toBeDefined();
    if (!special) return;
    const versions = catalogue.byBaseId(special.baseId);
    expect(versions.map((card) => card.definitionId)).toContain(special.definitionId);
    expect(versions.every((card) => card.baseId === special.baseId)).toBe(true);
  });

  it('searches names without regard to accents or case', () => {
    expect(catalogue.searchByName('PELE')[0]?.definitionId).toBe(237067);
    expect(catalogue.searchByName('zidane').map((card) => card.name)).toContain('Zinedine Zidane');
    // firstName lastName is searchable even when the display name is the common name.
    expect(catalogue.searchByName('Edson Arantes')[0]?.name).toBe('Pelé');
  });

  it('filters by rarity and limits the results', () => {
    const icons = catalogue.searchByName('ro', { rarityId: 12, limit: 5 });
    expect(icons).toHaveLength(5);
    expect(icons.every((card) => card.rarityId === 12)).toBe(true);
    expect(catalogue.searchByName('   ')).toEqual([]);
  });

  it('rejects malformed rows with a clear error', () => {
    expect(() => Catalogue.fromRows([{ definitionId: 'x' }])).toThrow(/Definition id must be a number/);
  });

  it('folds letters that have no accent mark', () => {
    expect(foldName('Martin Ødegaard')).toBe('martin odegaard');
    expect(foldName('  Łukasz   Fabiański ')).toBe('lukasz fabianski');
  });

  it('names cards in the order the game shows them: common name, else first then last', () => {
    const base = { definitionId: 1, baseId: 1, rating: 80, position: 'ST', positions: ['ST'], rarityId: 1 };
    const row = (fields: Record<string, string>) => ({
      ...base,
      clubId: 1,
      leagueId: 1,
      nationId: 1,
      name: '',
      ...fields,
    });
    expect(
      gameOrderName(
        row({ name: 'Vini Jr.', commonName: 'Vini Jr.', firstName: 'Vinícius', lastName: 'Júnior' }),
      ),
    ).toBe('Vini Jr.');
    expect(gameOrderName(row({ name: 'Kylian Mbappé', firstName: 'Kylian', lastName: 'Mbappé' }))).toBe(
      'Kylian Mbappé',
    );
    // The export's "Last First" string of cards EA's names file lacks is turned round.
    expect(gameOrderName(row({ name: 'Bale Gareth' }))).toBe('Gareth Bale');
    expect(gameOrderName(row({ name: 'Van Den Bosch Zeno' }))).toBe('Zeno Van Den Bosch');
    expect(gameOrderName(row({ name: 'De Jong' }))).toBe('De Jong');
    expect(gameOrderName(row({ name: 'Pelé' }))).toBe('Pelé');
    const bale = catalogue.searchByName('bale gareth')[0];
    expect(bale?.name).toBe('Gareth Bale');
    expect(catalogue.searchByName('gareth bale')[0]?.definitionId).toBe(bale?.definitionId);
  });
});
